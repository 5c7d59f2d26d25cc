import type { ReactNode } from 'react';
import './account.css';

export type StatusTone = 'neutral' | 'warning' | 'up' | 'accent' | 'danger';

/** A review or verification status as a coloured pill (under review, approved, verified, refused). */
export function StatusPill({
  tone,
  status,
  testId,
  children,
}: {
  tone: StatusTone;
  /** The raw status, for tests (`data-status`). */
  status: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <span className={`badge badge--pill badge--large tone--${tone}`} data-testid={testId} data-status={status}>
      {children}
    </span>
  );
}
