import { ChoiceButtons } from '@/components/ui/choice-buttons';
import { staleClass, usePriceFreshness } from '@/components/ui/stale';
import { formatCompact, formatPrice } from '@/lib/market-format';
import { useTicker } from '@/lib/use-market';
import { KLINE_INTERVALS, type KlineInterval } from '@nexa/contract';
import { useTranslation } from 'react-i18next';
import { ChartError } from './chart-error';
import type { View } from './chart-series';
import type { ChartStatus } from './use-kline-data';

/** The header row: 24h open, high, low and turnover from the live ticker. */
export function TickerStats({ symbol, precision, locale }: { symbol: string; precision: number; locale: string }) {
  const { t } = useTranslation();
  const ticker = useTicker(symbol);
  // Fed by the live ticker: greyed, like the header above it, while the feed has stopped.
  const freshness = usePriceFreshness();
  const cells: { key: string; label: string; value: string }[] = [
    { key: 'open', label: t('market.open24h'), value: formatPrice(ticker?.open, precision) },
    { key: 'high', label: t('market.high24h'), value: formatPrice(ticker?.high, precision) },
    { key: 'low', label: t('market.low24h'), value: formatPrice(ticker?.low, precision) },
    { key: 'turnover', label: t('market.turnover24h'), value: formatCompact(ticker?.turnover, locale) },
  ];
  return (
    <dl className="chart__stats" data-testid="chart-stats" data-freshness={freshness}>
      {cells.map((c) => (
        <div key={c.key} className="chart__stat" data-testid={`chart-stat-${c.key}`}>
          <dt>{c.label}</dt>
          <dd className={staleClass(freshness).trim() || undefined}>
            <bdi>{c.value}</bdi>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The view switch (Trend, Candles) and the intervals 1m … 1d. */
export function ChartToolbar({
  view,
  interval,
  onView,
  onInterval,
}: {
  view: View;
  interval: KlineInterval;
  onView: (view: View) => void;
  onInterval: (interval: KlineInterval) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="chart__toolbar">
      <div className="chart__views" aria-label={t('chart.view')}>
        {(['trend', 'candles'] as const).map((v) => (
          <button
            key={v}
            type="button"
            aria-pressed={view === v}
            aria-label={t(`chart.${v}`)}
            title={t(`chart.${v}`)}
            className="chart__view"
            onClick={() => onView(v)}
            data-testid={`chart-view-${v}`}
          >
            <ViewIcon view={v} />
          </button>
        ))}
      </div>
      <div className="chart__intervals" aria-label={t('chart.interval')}>
        <ChoiceButtons
          choices={KLINE_INTERVALS}
          value={interval}
          onChange={onInterval}
          label={(i) => i}
          testId="chart-interval"
          className="chart__interval"
        />
      </div>
    </div>
  );
}

/** What lies over the canvas: paging back, loading, the error with its retry, or no data. */
export function ChartOverlays({
  status,
  bars,
  loadingOlder,
  onRetry,
}: {
  status: ChartStatus;
  bars: number;
  loadingOlder: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {loadingOlder ? <span className="chart__older" aria-label={t('common.loading')} /> : null}
      {status === 'loading' ? (
        <output className="chart__overlay" aria-label={t('common.loading')}>
          <span className="chart__spinner" />
        </output>
      ) : null}
      {status === 'error' ? <ChartError onRetry={onRetry} /> : null}
      {status === 'ready' && bars === 0 ? (
        <div className="chart__overlay">
          <p className="chart__overlay-text">{t('chart.noData')}</p>
        </div>
      ) : null}
    </>
  );
}

/** The view switch's icons: a line for Trend, two candles for Candles. */
function ViewIcon({ view }: { view: View }) {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 18 18"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {view === 'trend' ? (
        <path d="M2 13l4-4.5 3 2.5 6.5-7" />
      ) : (
        <>
          <path d="M5.5 2.5v13M12.5 2.5v13" />
          <rect x="3.5" y="5" width="4" height="6.5" rx="1" fill="currentColor" />
          <rect x="10.5" y="7" width="4" height="5" rx="1" />
        </>
      )}
    </svg>
  );
}
