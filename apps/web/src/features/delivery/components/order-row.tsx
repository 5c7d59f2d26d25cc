import { StaleBadge, staleClass, usePriceFreshness } from '@/components/ui/stale';
import { formatAmount, formatSigned, isolateLtr, isolateText } from '@/lib/format';
import { formatPrice } from '@/lib/market-format';
import { useProducts, useTicker } from '@/lib/use-market';
import { type RecordCell, RecordCells, RecordFoot, RecordHead } from '@/shared/trading-bits';
import type { DeliveryOrder } from '@nexa/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { storeOrder } from '../hooks/use-delivery-queries';
import { formatCountdown, outcomeAt, pricePrecision, profitDirection, remainingMs } from '../model';
import { orderDetailPath } from '../paths';
import { CopyBadge, DirectionTag, Figure, RefundNote, StatusTag, pairName, usePeriodName } from './bits';

/** What a running order would pay now: +expected profit when winning, −stake when losing, 0 on a draw. */
function liveHint(order: DeliveryOrder, price: string | undefined) {
  const entry = order.entry?.price;
  if (!entry || !price) return null;
  const outcome = outcomeAt(order.direction, entry, price);
  if (outcome === 'winning') return { outcome, text: `+${formatAmount(order.expectedProfit)}` };
  if (outcome === 'losing') return { outcome, text: `-${formatAmount(order.amount)}` };
  return { outcome, text: '0.00' };
}

/** Opens an order's detail page with what the list already knows (no second read). */
export function useOpenOrder() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return (order: DeliveryOrder) => {
    storeOrder(client, order);
    void navigate(orderDetailPath(order.id));
  };
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
  side,
  cells,
  mark,
  note,
}: { order: DeliveryOrder; side: ReactNode; cells: readonly RecordCell[]; mark?: ReactNode; note?: ReactNode }) {
  const { t } = useTranslation();
  const onOpen = useOpenOrder();
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
        {mark}
        <span className="order-row__side">{side}</span>
      </RecordHead>
      {order.copy ? (
        // Marked under the head (a badge there crowds the status in the longer languages): Copy or Leader, and
        // the plan it belongs to.
        <p className="order-row__copy">
          <CopyBadge copy={order.copy} testId="futures-order-copy" />
          <span className="order-row__plan" data-testid="futures-order-plan">
            {order.copy.role === 'follower'
              ? t('delivery.copy.from', {
                  leader: isolateLtr(order.copy.leader.nickname),
                  title: isolateText(order.copy.title),
                })
              : t('delivery.copy.own', { title: isolateText(order.copy.title) })}
          </span>
        </p>
      ) : null}
      <RecordCells classes={CELLS} cells={[...stake, ...cells]} />
      {note}
      <RecordFoot className="meta-row order-row__meta" time={order.createdAt}>
        {t('delivery.orderTime')}
      </RecordFoot>
    </button>
  );
}

/** An open order: amount, entry, the time left and where it stands at the live price. */
export function PositionRow({ order, serverNow }: { order: DeliveryOrder; serverNow: number }) {
  const { t } = useTranslation();
  const ticker = useTicker(order.symbol);
  // The current price and where the order stands follow the live feed: greyed while it has stopped.
  const freshness = usePriceFreshness();
  const stale = staleClass(freshness);
  const hint = liveHint(order, ticker?.price);
  const left = remainingMs(order.expiresAt, serverNow);
  const cells = [
    {
      label: t('delivery.currentPrice'),
      value: (
        <Figure className={stale.trim()} testId="futures-order-price">
          {formatPrice(ticker?.price, pricePrecision(order))}
        </Figure>
      ),
    },
    {
      label: t('delivery.liveProfit'),
      value: (
        <Figure className={stale.trim()} testId="futures-order-live-profit">
          {hint ? hint.text : '--'}
        </Figure>
      ),
      className: hint ? `tone-${hint.outcome}${stale}` : stale.trim() || undefined,
    },
  ];
  return (
    <RowShell
      order={order}
      cells={cells}
      mark={<StaleBadge freshness={freshness} testId="futures-order-stale" />}
      side={
        order.status === 'open' && left > 0 ? (
          <Figure className="badge tone--warning order-row__countdown" testId="futures-order-countdown">
            {formatCountdown(left)}
          </Figure>
        ) : (
          <StatusTag status={order.status} />
        )
      }
    />
  );
}

/** A settled (or cancelled) order: amount, entry and exit prices, profit and status, and why a refund was one. */
export function HistoryRow({ order }: { order: DeliveryOrder }) {
  const { t } = useTranslation();
  const cells = [
    { label: t('delivery.exitPrice'), value: <Figure>{formatPrice(order.exit?.price, pricePrecision(order))}</Figure> },
    {
      label: t('delivery.profit'),
      // On a copy: as the copy wallet booked it, net of the leader's profit share (the server's figure).
      value: <Figure testId="futures-order-profit">{order.profit !== null ? formatSigned(order.profit) : '--'}</Figure>,
      className: `tone-${profitDirection(order.profit)}`,
    },
  ];
  // A profit of 0 is explained: refunded for want of a price at expiry, or a tie.
  return (
    <RowShell
      order={order}
      side={<StatusTag status={order.status} />}
      cells={cells}
      note={<RefundNote status={order.status} className="order-row__note" testId="futures-order-refund-note" />}
    />
  );
}
