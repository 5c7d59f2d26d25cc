import type { ReactNode } from 'react';
import { MASK } from '../model';

/**
 * A number on screen: always laid out left to right (also in Arabic and Persian), tabular digits, masked when
 * the user hid amounts.
 */
export function Figure({
  children,
  hidden = false,
  className,
  testId,
}: {
  children: ReactNode;
  hidden?: boolean;
  className?: string;
  testId?: string;
}) {
  return (
    <span dir="ltr" className={`figure${className ? ` ${className}` : ''}`} data-testid={testId}>
      {hidden ? MASK : children}
    </span>
  );
}
