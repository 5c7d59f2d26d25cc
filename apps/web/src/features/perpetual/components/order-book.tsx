import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { formatDecimal } from '@/lib/format';
import { formatPrice } from '@/lib/market-format';
import type { Depth } from '@nexa/contract';
import { useTranslation } from 'react-i18next';
import { bookRows } from '../hooks/book-model';
import type { DepthStatus } from '../hooks/use-market-depth';

/** Levels shown per side. */
const LEVELS = 10;

/** The order book: bids (buy side) and asks (sell side) side by side, with cumulative depth bars; a tap picks a price. */
export function OrderBook({
  depth,
  status,
  precision,
  onRetry,
  onPick,
}: {
  depth: Depth | null;
  status: DepthStatus;
  precision: number;
  onRetry: () => void;
  /** A tapped level's price (fills the limit price of the order entry). */
  onPick?: (price: string) => void;
}) {
  const { t } = useTranslation();
  const bids = bookRows(depth?.bids ?? [], LEVELS);
  const asks = bookRows(depth?.asks ?? [], LEVELS);
  return (
    <section className="book-card" data-testid="orderbook" aria-labelledby="orderbook-title">
      <header className="book-card__header">
        <h3 id="orderbook-title" className="section__title">
          {t('perpetual.orderBook')}
        </h3>
      </header>
      {status === 'error' && !depth ? (
        <ErrorState onRetry={onRetry} />
      ) : !depth ? (
        <div className="book-card__loading" aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
            <span key={i} className="skeleton-block" />
          ))}
        </div>
      ) : bids.length === 0 && asks.length === 0 ? (
        <EmptyState title={t('perpetual.noBook')} />
      ) : (
        <div className="book">
          <div className="book__side">
            <div className="book__head">
              <span>{t('perpetual.bid')}</span>
              <span className="book__num">{t('perpetual.price')}</span>
            </div>
            {bids.map((row) => (
              <button
                key={row.price}
                type="button"
                className="book__row book__row--bid"
                onClick={() => onPick?.(row.price)}
                data-testid="orderbook-bid"
              >
                <span className="book__bar" style={{ transform: `scaleX(${row.depth})` }} />
                <span className="book__size" dir="ltr">
                  {formatDecimal(row.size)}
                </span>
                <span className="book__price text-up" dir="ltr">
                  {formatPrice(row.price, precision)}
                </span>
              </button>
            ))}
          </div>
          <div className="book__side">
            <div className="book__head">
              <span>{t('perpetual.price')}</span>
              <span className="book__num">{t('perpetual.ask')}</span>
            </div>
            {asks.map((row) => (
              <button
                key={row.price}
                type="button"
                className="book__row book__row--ask"
                onClick={() => onPick?.(row.price)}
                data-testid="orderbook-ask"
              >
                <span className="book__bar" style={{ transform: `scaleX(${row.depth})` }} />
                <span className="book__price text-down" dir="ltr">
                  {formatPrice(row.price, precision)}
                </span>
                <span className="book__size" dir="ltr">
                  {formatDecimal(row.size)}
                </span>
              </button>
            ))}
          </div>
        </div>
      )}
    </section>
  );
}
