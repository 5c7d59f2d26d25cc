import { decimalPlaces } from '@/lib/decimal';
import { formatAmount, formatSigned } from '@/lib/format';
import { formatPrice } from '@/lib/market-format';
import { useProducts, useTicker } from '@/lib/use-market';
import { type RecordCell, RecordCells, RecordFoot, RecordHead } from '@/shared/trading-bits';
import type { DeliveryOrder } from '@nexa/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCountdown, outcomeAt, profitDirection, remainingMs } from '../model';
import { DirectionTag, Figure, StatusTag, pairName, usePeriodName } from './bits';

/** The price precision of an order's ticks: the entry price's own (2 before it has one). */
function pricePrecision(order: DeliveryOrder): number {
  return order.entry ? decimalPlaces(order.entry.price) : 2;
}

/** What a running order would pay now: +expected profit when winning, −stake when losing, 0 on a draw. */
function liveHint(order: DeliveryOrder, price: string | undefined) {
  const entry = order.entry?.price;
  if (!entry || !price) return null;
  const outcome = outcomeAt(order.direction, entry, price);
  if (outcome === 'winning') return { outcome, text: `+${formatAmount(order.expectedProfit)}` };
  if (outcome === 'losing') return { outcome, text: `-${formatAmount(order.amount)}` };
  return { outcome, text: '0.00' };
}

const CELLS = {
  grid: 'order-row__grid',
  cell: 'order-row__cell',
  label: 'order-row__label',
  value: 'order-row__value',
};

/**
 * A row of the order lists: pair, direction, period, `side` (a countdown or the status), the stake and entry price
 * then `cells`, and the order time; a tap opens the order.
 */
function RowShell({
  order,
  onOpen,
  side,
  cells,
}: {
  order: DeliveryOrder;
  onOpen: (order: DeliveryOrder) => void;
  side: ReactNode;
  cells: readonly RecordCell[];
}) {
  const { t } = useTranslation();
  const periodName = usePeriodName();
  const products = useProducts();
  const precision = pricePrecision(order);
  const stake = [
    { label: t('delivery.amount'), value: <Figure>{formatAmount(order.amount)}</Figure> },
    { label: t('delivery.entryPrice'), value: <Figure>{formatPrice(order.entry?.price, precision)}</Figure> },
  ];
  return (
    <button
      type="button"
      className="order-row"
      onClick={() => onOpen(order)}
      data-testid="futures-order"
      data-id={order.id}
      data-status={order.status}
    >
      <RecordHead block="order-row" pair={pairName(order.symbol, products.data)}>
        <DirectionTag direction={order.direction} />
        <span className="order-row__period">{periodName(order.seconds)}</span>
        <span className="order-row__side">{side}</span>
      </RecordHead>
      <RecordCells classes={CELLS} cells={[...stake, ...cells]} />
      <RecordFoot className="order-row__meta" time={order.createdAt}>
        {t('delivery.orderTime')}
      </RecordFoot>
    </button>
  );
}

/** An open order: amount, entry, the time left and where it stands at the live price. */
export function PositionRow({
  order,
  serverNow,
  onOpen,
}: {
  order: DeliveryOrder;
  serverNow: number;
  onOpen: (order: DeliveryOrder) => void;
}) {
  const { t } = useTranslation();
  const ticker = useTicker(order.symbol);
  const hint = liveHint(order, ticker?.price);
  const left = remainingMs(order.expiresAt, serverNow);
  const cells = [
    {
      label: t('delivery.currentPrice'),
      value: <Figure>{formatPrice(ticker?.price, pricePrecision(order))}</Figure>,
    },
    {
      label: t('delivery.liveProfit'),
      value: <Figure>{hint ? hint.text : '--'}</Figure>,
      className: hint ? `tone-${hint.outcome}` : undefined,
    },
  ];
  return (
    <RowShell
      order={order}
      onOpen={onOpen}
      cells={cells}
      side={
        order.status === 'open' && left > 0 ? (
          <Figure className="order-row__countdown" testId="futures-order-countdown">
            {formatCountdown(left)}
          </Figure>
        ) : (
          <StatusTag status={order.status} />
        )
      }
    />
  );
}

/** A settled (or cancelled) order: amount, entry and exit prices, profit and status. */
export function HistoryRow({ order, onOpen }: { order: DeliveryOrder; onOpen: (order: DeliveryOrder) => void }) {
  const { t } = useTranslation();
  const cells = [
    { label: t('delivery.exitPrice'), value: <Figure>{formatPrice(order.exit?.price, pricePrecision(order))}</Figure> },
    {
      label: t('delivery.profit'),
      value: <Figure>{order.profit !== null ? formatSigned(order.profit) : '--'}</Figure>,
      className: `tone-${profitDirection(order.profit)}`,
    },
  ];
  return <RowShell order={order} onOpen={onOpen} side={<StatusTag status={order.status} />} cells={cells} />;
}
