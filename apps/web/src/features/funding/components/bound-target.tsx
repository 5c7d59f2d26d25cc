import { Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** The bound address or card, or the spec's "not bound, bind first" with a button to bind one. */
export function BoundTarget({
  loading,
  bound,
  label,
  missing,
  bindLabel,
  changeLabel,
  to,
  testId,
}: {
  loading: boolean;
  bound: ReactNode;
  label: string;
  missing: string;
  bindLabel: string;
  changeLabel: string;
  to: string;
  testId: string;
}) {
  return (
    <div className="field">
      <span className="field__label">
        {label}
        {bound ? (
          <Link to={to} className="link link--strong" data-testid={`${testId}-change`}>
            {changeLabel}
          </Link>
        ) : null}
      </span>
      {loading ? (
        <Skeleton.Paragraph lineCount={1} animated />
      ) : bound ? (
        <div className="fd-bound" data-testid={testId} data-bound="true">
          {bound}
        </div>
      ) : (
        <div className="fd-bound fd-bound--missing" data-testid={testId} data-bound="false">
          <span className="fd-bound__missing">{missing}</span>
          <Link to={to} className="fd-pill-link" data-testid={`${testId}-bind`}>
            {bindLabel}
          </Link>
        </div>
      )}
    </div>
  );
}
