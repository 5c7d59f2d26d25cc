import type { ReactNode } from 'react';
import './account.css';

/** What a money action did, under its form: a tick and the title, a line of text, then the new record. */
export function SuccessResult({
  title,
  text,
  children,
  testId,
  textTestId,
}: {
  title: ReactNode;
  text: ReactNode;
  children: ReactNode;
  testId?: string;
  textTestId?: string;
}) {
  return (
    <section className="transfer-result" aria-live="polite" data-testid={testId}>
      <h2 className="transfer-result__title">
        <span className="icon-bubble icon-bubble--round tone--accent transfer-result__tick" aria-hidden="true">
          ✓
        </span>
        {title}
      </h2>
      <p className="transfer-result__hint" data-testid={textTestId}>
        {text}
      </p>
      {children}
    </section>
  );
}
