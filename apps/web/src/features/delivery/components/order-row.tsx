import { decimalPlaces } from '@/lib/decimal';
import { formatAmount, formatDateTime, formatSigned } from '@/lib/format';
import { formatPrice } from '@/lib/market-format';
import { useTicker } from '@/lib/use-market';
import type { DeliveryOrder } from '@nexa/contract';
import { RightOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCountdown, outcomeAt, profitDirection, remainingMs } from '../model';
import { DirectionTag, Figure, StatusTag, usePeriodName } from './bits';

/** What a running order would pay now: +expected profit when winning, −stake when losing, 0 on a draw. */
function liveHint(order: DeliveryOrder, price: string | undefined) {
  const entry = order.entry?.price;
  if (!entry || !price) return null;
  const outcome = outcomeAt(order.direction, entry, price);
  if (outcome === 'winning') return { outcome, text: `+${formatAmount(order.expectedProfit)}` };
  if (outcome === 'losing') return { outcome, text: `-${formatAmount(order.amount)}` };
  return { outcome, text: '0.00' };
}

function RowShell({
  order,
  pair,
  onOpen,
  side,
  children,
}: {
  order: DeliveryOrder;
  pair: string;
  onOpen: (order: DeliveryOrder) => void;
  side: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const periodName = usePeriodName();
  return (
    <button
      type="button"
      className="order-row"
      onClick={() => onOpen(order)}
      data-testid="futures-order"
      data-id={order.id}
      data-status={order.status}
    >
      <span className="order-row__head">
        <span className="order-row__pair" dir="ltr">
          {pair}
        </span>
        <DirectionTag direction={order.direction} />
        <span className="order-row__period">{periodName(order.seconds)}</span>
        <span className="order-row__side">{side}</span>
        <RightOutline className="order-row__chevron flip-rtl" />
      </span>
      <span className="order-row__grid">{children}</span>
      <span className="meta-row order-row__meta">
        <span>{t('delivery.orderTime')}</span>
        <Figure>{formatDateTime(order.createdAt, true)}</Figure>
      </span>
    </button>
  );
}

function Cell({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <span className="order-row__cell">
      <span className="order-row__label">{label}</span>
      <span className={`order-row__value${className ? ` ${className}` : ''}`}>{children}</span>
    </span>
  );
}

/** The first cells of every row: the stake and the entry price. */
function StakeCells({ order, precision }: { order: DeliveryOrder; precision: number }) {
  const { t } = useTranslation();
  return (
    <>
      <Cell label={t('delivery.amount')}>
        <Figure>{formatAmount(order.amount)}</Figure>
      </Cell>
      <Cell label={t('delivery.entryPrice')}>
        <Figure>{formatPrice(order.entry?.price, precision)}</Figure>
      </Cell>
    </>
  );
}

/** An open order: amount, entry, the time left and where it stands at the live price. */
export function PositionRow({
  order,
  pair,
  serverNow,
  onOpen,
}: {
  order: DeliveryOrder;
  pair: string;
  serverNow: number;
  onOpen: (order: DeliveryOrder) => void;
}) {
  const { t } = useTranslation();
  const ticker = useTicker(order.symbol);
  const hint = liveHint(order, ticker?.price);
  const left = remainingMs(order.expiresAt, serverNow);
  const precision = order.entry ? decimalPlaces(order.entry.price) : 2;
  return (
    <RowShell
      order={order}
      pair={pair}
      onOpen={onOpen}
      side={
        order.status === 'open' && left > 0 ? (
          <Figure className="badge tone--warning order-row__countdown" testId="futures-order-countdown">
            {formatCountdown(left)}
          </Figure>
        ) : (
          <StatusTag status={order.status} />
        )
      }
    >
      <StakeCells order={order} precision={precision} />
      <Cell label={t('delivery.currentPrice')}>
        <Figure>{formatPrice(ticker?.price, precision)}</Figure>
      </Cell>
      <Cell label={t('delivery.liveProfit')} className={hint ? `tone-${hint.outcome}` : undefined}>
        <Figure>{hint ? hint.text : '--'}</Figure>
      </Cell>
    </RowShell>
  );
}

/** A settled (or cancelled) order: amount, entry and exit prices, profit and status. */
export function HistoryRow({
  order,
  pair,
  onOpen,
}: {
  order: DeliveryOrder;
  pair: string;
  onOpen: (order: DeliveryOrder) => void;
}) {
  const { t } = useTranslation();
  const precision = order.entry ? decimalPlaces(order.entry.price) : 2;
  return (
    <RowShell order={order} pair={pair} onOpen={onOpen} side={<StatusTag status={order.status} />}>
      <StakeCells order={order} precision={precision} />
      <Cell label={t('delivery.exitPrice')}>
        <Figure>{formatPrice(order.exit?.price, precision)}</Figure>
      </Cell>
      <Cell label={t('delivery.profit')} className={`tone-${profitDirection(order.profit)}`}>
        <Figure>{order.profit !== null ? formatSigned(order.profit) : '--'}</Figure>
      </Cell>
    </RowShell>
  );
}
