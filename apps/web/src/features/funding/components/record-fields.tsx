import type { ReactNode } from 'react';

/** One labelled value of a record card; `wide` spans both columns (addresses, reasons). */
export function RecordField({
  label,
  children,
  wide = false,
  tone,
  testId,
}: {
  label: ReactNode;
  children: ReactNode;
  wide?: boolean;
  tone?: 'danger';
  testId?: string;
}) {
  return (
    <div className={`fd-field${wide ? ' fd-field--wide' : ''}${tone ? ` fd-field--${tone}` : ''}`}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}
