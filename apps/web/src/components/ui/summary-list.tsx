import type { ReactNode } from 'react';
import './account.css';

export interface SummaryRow {
  label: ReactNode;
  value: ReactNode;
}

/** The label/value rows of a confirmation (what is paid, received, charged): labels at the start, values at the end. */
export function SummaryList({ rows }: { rows: readonly (SummaryRow | null)[] }) {
  return (
    <dl className="fact-list confirm-summary">
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
