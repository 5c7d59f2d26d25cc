import type { ReactNode } from 'react';
import { ErrorState } from './error-state';
import { Page } from './page';
import { PrimaryButton } from './primary-button';
import type { ReadState } from './query-view';
import { RecordsLink } from './records-link';

export interface MoneyFormSubmit {
  label: ReactNode;
  onClick: () => unknown;
  loading: boolean;
  /** Defaults to `loading`. */
  disabled?: boolean;
  testId: string;
}

/**
 * A page that moves money (a convert, a transfer): the title with the link to its records; the form once what it
 * needs is read (an error with a retry while that failed and nothing was read), its submit button, the result of the
 * last submit and `footer`; the sheets the form opens go in `sheets`.
 */
export function MoneyFormPage({
  title,
  testId,
  records,
  source,
  submit,
  result,
  footer,
  sheets,
  children,
}: {
  title: string;
  testId: string;
  records: { to: string; label: string; testId: string };
  source: ReadState<unknown>;
  submit: MoneyFormSubmit;
  result?: ReactNode;
  footer?: ReactNode;
  sheets?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Page title={title} back testId={testId} right={<RecordsLink {...records} />}>
      {source.isError && !source.data ? (
        <ErrorState onRetry={() => void source.refetch()} />
      ) : (
        <div className="stack">
          {children}
          <PrimaryButton
            loading={submit.loading}
            disabled={submit.disabled ?? submit.loading}
            onClick={() => void submit.onClick()}
            testId={submit.testId}
          >
            {submit.label}
          </PrimaryButton>
          {result}
          {footer}
        </div>
      )}
      {sheets}
    </Page>
  );
}
