import { formatDateTime, formatDecimal } from '@/lib/format';
import { formatPrice } from '@/lib/market-format';
import type { Trade } from '@nexa/contract';
import { useTranslation } from 'react-i18next';
import type { DepthStatus } from '../hooks/use-market-depth';
import { BookCard } from './book-card';

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
  const none = trades.length === 0;
  return (
    <BookCard
      id="trades-title"
      title={t('perpetual.latestTrades')}
      testId="latest-trades"
      failed={status === 'error' && none}
      loading={status === 'loading' && none}
      empty={none ? t('perpetual.noTrades') : null}
      onRetry={onRetry}
    >
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
              {/* The cells keep the page's direction, so a value sits on its header's side (start / end) in RTL
                  too; only the figure inside reads left to right (as the order book's rows do). */}
              <td>
                <span dir="ltr">{formatDateTime(trade.ts, true).slice(11)}</span>
              </td>
              <td className={`trades__num ${trade.side === 'buy' ? 'text-up' : 'text-down'}`}>
                <span dir="ltr">{formatPrice(trade.price, precision)}</span>
              </td>
              <td className="trades__num">
                <span dir="ltr">{formatDecimal(trade.size)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </BookCard>
  );
}
