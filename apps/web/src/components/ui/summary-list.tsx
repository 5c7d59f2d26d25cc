import type { ReactNode } from 'react';
import './account.css';

export interface SummaryRow {
  label: ReactNode;
  value: ReactNode;
}

/**
 * Label/value rows (a definition list): by default those of a confirmation (what is paid, received, charged), labels
 * at the start, values at the end; `className` lays them out otherwise (a grid of facts).
 */
export function SummaryList({
  rows,
  className = 'fact-list confirm-summary',
}: {
  rows: readonly (SummaryRow | null)[];
  className?: string;
}) {
  return (
    <dl className={className}>
      {rows.map((row, i) =>
        row ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of rows, never reordered
          <div key={i}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ) : null,
      )}
    </dl>
  );
}
