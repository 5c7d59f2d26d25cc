import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';

/** Instead of a form that cannot be sent now (under review, verified, basic first): what is going on, and a way on. */
export function StateNotice({
  tone,
  title,
  text,
  action,
  onAction,
}: {
  tone: 'review' | 'verified' | 'locked';
  title: ReactNode;
  text?: ReactNode;
  action: ReactNode;
  onAction: () => void;
}) {
  return (
    <section className={`kyc-notice kyc-notice--${tone}`} data-testid="kyc-notice" data-tone={tone}>
      <span
        className={`icon-bubble icon-bubble--large icon-bubble--round ${tone === 'verified' ? 'tone--accent' : 'tone--warning'}`}
        aria-hidden="true"
      >
        {tone === 'verified' ? '✓' : tone === 'review' ? '…' : '!'}
      </span>
      <h2 className="kyc-notice__title">{title}</h2>
      {text ? <p className="kyc-notice__text">{text}</p> : null}
      <Button
        color="primary"
        className="primary-button kyc-notice__button"
        onClick={onAction}
        data-testid="kyc-notice-action"
      >
        {action}
      </Button>
    </section>
  );
}
