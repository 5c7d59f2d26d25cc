import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { formatDateTime } from '@/lib/format';
import { formatDecimal } from '@/lib/format';
import { formatPrice } from '@/lib/market-format';
import type { Trade } from '@nexa/contract';
import { useTranslation } from 'react-i18next';
import type { DepthStatus } from '../hooks/use-market-depth';

/** Rows shown. */
const ROWS = 15;

/** The latest trades, newest first: time, price (green for a buy, red for a sell), size. */
export function LatestTrades({
  trades,
  status,
  precision,
  onRetry,
}: {
  trades: readonly Trade[];
  status: DepthStatus;
  precision: number;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="book-card" data-testid="latest-trades" aria-labelledby="trades-title">
      <header className="book-card__header">
        <h3 id="trades-title" className="section__title">
          {t('perpetual.latestTrades')}
        </h3>
      </header>
      {status === 'error' && trades.length === 0 ? (
        <ErrorState onRetry={onRetry} />
      ) : status === 'loading' && trades.length === 0 ? (
        <div className="book-card__loading" aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
            <span key={i} className="skeleton-block" />
          ))}
        </div>
      ) : trades.length === 0 ? (
        <EmptyState title={t('perpetual.noTrades')} />
      ) : (
        <table className="trades">
          <thead>
            <tr>
              <th scope="col">{t('perpetual.time')}</th>
              <th scope="col" className="trades__num">
                {t('perpetual.price')}
              </th>
              <th scope="col" className="trades__num">
                {t('perpetual.size')}
              </th>
            </tr>
          </thead>
          <tbody>
            {trades.slice(0, ROWS).map((trade) => (
              <tr key={trade.id} data-testid="trade-row" data-side={trade.side}>
                <td dir="ltr">{formatDateTime(trade.ts, true).slice(11)}</td>
                <td className={`trades__num ${trade.side === 'buy' ? 'text-up' : 'text-down'}`} dir="ltr">
                  {formatPrice(trade.price, precision)}
                </td>
                <td className="trades__num" dir="ltr">
                  {formatDecimal(trade.size)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
