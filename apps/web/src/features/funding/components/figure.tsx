import type { ReactNode } from 'react';

/** A number or an address on screen: laid out left to right in every language, tabular digits. */
export function Figure({ children, className, testId }: { children: ReactNode; className?: string; testId?: string }) {
  return (
    <span dir="ltr" className={`fd-num${className ? ` ${className}` : ''}`} data-testid={testId}>
      {children}
    </span>
  );
}
