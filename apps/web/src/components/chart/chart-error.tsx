import { useTranslation } from 'react-i18next';

/** The chart could not be loaded or read: a message and a retry. */
export function ChartError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="chart__overlay" role="alert">
      <p className="chart__overlay-text">{t('chart.loadFailed')}</p>
      <button type="button" className="chart__retry" onClick={onRetry} data-testid="retry">
        {t('common.retry')}
      </button>
    </div>
  );
}
