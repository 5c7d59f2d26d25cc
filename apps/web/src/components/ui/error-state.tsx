import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ErrorStateProps {
  title?: ReactNode;
  description?: ReactNode;
  onRetry?: () => void;
  testId?: string;
}

/** Something failed to load: say so, and offer to try again. */
export function ErrorState({ title, description, onRetry, testId = 'error-state' }: ErrorStateProps) {
  const { t } = useTranslation();
  return (
    <section className="error-state" data-testid={testId} role="alert">
      <div
        className="icon-bubble icon-bubble--large icon-bubble--round tone--danger error-state__icon"
        aria-hidden="true"
      >
        !
      </div>
      <h2 className="error-state__title">{title ?? t('common.loadFailed')}</h2>
      {description ? <p className="error-state__text">{description}</p> : null}
      {onRetry ? (
        <Button className="error-state__retry" color="primary" shape="rounded" onClick={onRetry} data-testid="retry">
          {t('common.retry')}
        </Button>
      ) : null}
    </section>
  );
}
