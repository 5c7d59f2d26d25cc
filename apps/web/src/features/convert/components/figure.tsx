import type { ReactNode } from 'react';

/** A number on screen: always laid out left to right (also in Arabic and Persian), tabular digits. */
export function Figure({
  children,
  className,
  testId,
}: {
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <span dir="ltr" className={`cv-figure${className ? ` ${className}` : ''}`} data-testid={testId}>
      {children}
    </span>
  );
}
