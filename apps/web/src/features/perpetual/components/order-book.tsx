import { formatDecimal } from '@/lib/format';
import { formatPrice } from '@/lib/market-format';
import type { Depth } from '@nexa/contract';
import { useTranslation } from 'react-i18next';
import { type BookRow, bookRows } from '../hooks/book-model';
import type { DepthStatus } from '../hooks/use-market-depth';
import { BookCard } from './book-card';

/** Levels shown per side. */
const LEVELS = 10;

/**
 * One side of the book. Bids read size then price (green), asks the mirror: price (red) then size, so the two
 * prices meet in the middle.
 */
function BookSide({
  side,
  rows,
  precision,
  onPick,
}: {
  side: 'bid' | 'ask';
  rows: readonly BookRow[];
  precision: number;
  onPick?: (price: string) => void;
}) {
  const { t } = useTranslation();
  const bid = side === 'bid';
  const [first, second] = bid ? [t('perpetual.bid'), t('perpetual.price')] : [t('perpetual.price'), t('perpetual.ask')];
  return (
    <div className="book__side">
      <div className="book__head">
        <span>{first}</span>
        <span className="book__num">{second}</span>
      </div>
      {rows.map((row) => {
        const size = (
          <span className="book__size" dir="ltr">
            {formatDecimal(row.size)}
          </span>
        );
        const price = (
          <span className={`book__price ${bid ? 'text-up' : 'text-down'}`} dir="ltr">
            {formatPrice(row.price, precision)}
          </span>
        );
        return (
          <button
            key={row.price}
            type="button"
            className={`book__row book__row--${side}`}
            onClick={() => onPick?.(row.price)}
            data-testid={`orderbook-${side}`}
          >
            <span className="book__bar" style={{ transform: `scaleX(${row.depth})` }} />
            {bid ? size : price}
            {bid ? price : size}
          </button>
        );
      })}
    </div>
  );
}

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
    <BookCard
      id="orderbook-title"
      title={t('perpetual.orderBook')}
      testId="orderbook"
      failed={status === 'error' && !depth}
      loading={!depth}
      empty={bids.length === 0 && asks.length === 0 ? t('perpetual.noBook') : null}
      onRetry={onRetry}
    >
      <div className="book">
        <BookSide side="bid" rows={bids} precision={precision} onPick={onPick} />
        <BookSide side="ask" rows={asks} precision={precision} onPick={onPick} />
      </div>
    </BookCard>
  );
}
