import { formatAmount, formatSigned } from '@/lib/format';
import { formatPrice } from '@/lib/market-format';
import type { ListLook } from '@/shared/list-states';
import { type RecordCell, RecordCells, RecordFoot, RecordHead } from '@/shared/trading-bits';
import type { PerpOrder, PerpTrade } from '@nexa/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { toneOf } from '../model/perp-model';
import { detailPath } from '../paths';
import { Figure, SideTag, useProductOf } from './bits';

/** The classes of the Perpetual record lists. */
export const PERP_LIST: ListLook = { list: 'perp-list', row: 'perp-row', more: 'perp-list__more' };

const CELLS = { grid: 'perp-grid', cell: 'perp-cell', label: 'perp-cell__label', value: 'perp-cell__value' };

/** The label-over-value cells of a perpetual row or card. */
export function Cells({ cells }: { cells: readonly RecordCell[] }) {
  return <RecordCells classes={CELLS} cells={cells} />;
}

/** A row's foot: its fee, then its time. */
function FeeFoot({ fee, time }: { fee: string; time: number }) {
  const { t } = useTranslation();
  return (
    <RecordFoot className="meta-row perp-row__meta" time={time}>
      {t('perpetual.fee')} <Figure>{formatAmount(fee)}</Figure>
    </RecordFoot>
  );
}

/** A fill's realised PnL, signed: `--` for an opening fill, which realises none. */
export function realizedPnlText(trade: PerpTrade): string {
  return trade.action !== 'open' ? formatSigned(formatAmount(trade.realizedPnl, 2, false)) : '--';
}

/** Pending, filled, cancelled or rejected (spec §4: the perpetual order status includes cancelled). */
export function OrderStatusTag({ status }: { status: PerpOrder['status'] }) {
  const { t } = useTranslation();
  return (
    <span className={`perp-status perp-status--${status}`} data-status={status}>
      {t(`perpetual.status.${status}`)}
    </span>
  );
}

/** Whether a fill opened the position or closed (some of) it: a take-profit, stop-loss or liquidation closes. */
export const intentOf = (action: PerpTrade['action']) => (action === 'open' ? 'open' : 'close');

/**
 * What closed a position when it was not the user's own close: take-profit, stop-loss or liquidation. Nothing for an
 * opening or a plain closing fill (its side tag, "Open long" or "Close long", says it).
 */
export function TradeActionTag({ action }: { action: PerpTrade['action'] }) {
  const { t } = useTranslation();
  if (action === 'open' || action === 'close') return null;
  return <span className={`perp-action perp-action--${action}`}>{t(`perpetual.action.${action}`)}</span>;
}

/**
 * An order (spec §3): type, price, quantity, traded volume, status, fee, fill price and time. `onCancel` on a
 * pending limit order; the row links to its detail page.
 */
export function OrderRow({
  order,
  testId,
  onCancel,
  cancelling,
}: {
  order: PerpOrder;
  testId: string;
  onCancel?: (order: PerpOrder) => void;
  cancelling?: boolean;
}) {
  const { t } = useTranslation();
  const { pair, precision } = useProductOf(order.symbol);
  const pending = order.status === 'pending';
  const cells = [
    {
      label: t('perpetual.orderPrice'),
      value: <Figure>{order.price ? formatPrice(order.price, precision) : t('perpetual.marketPrice')}</Figure>,
    },
    { label: t('perpetual.filledLots'), value: <Figure>{`${order.filledQuantity}/${order.quantity}`}</Figure> },
    {
      label: pending ? t('perpetual.frozenMargin') : t('perpetual.fillPrice'),
      value: <Figure>{pending ? formatAmount(order.frozenMargin) : formatPrice(order.fillPrice, precision)}</Figure>,
    },
  ];
  return (
    <article className="perp-row" data-testid={testId} data-id={order.id} data-status={order.status}>
      <RecordHead block="perp-row" pair={pair} to={detailPath('order', order.id)}>
        <span className="perp-row__end">
          <OrderStatusTag status={order.status} />
        </span>
      </RecordHead>
      <p className="perp-row__tags">
        <SideTag side={order.side} leverage={order.leverage} intent={order.intent} />
        <span className="perp-row__kind">{t(`perpetual.${order.type}`)}</span>
      </p>
      <Cells cells={cells} />
      <FeeFoot fee={order.fee} time={order.createdAt} />
      {onCancel ? (
        <div className="perp-row__actions">
          <button
            type="button"
            className="perp-ghost"
            disabled={cancelling}
            onClick={() => onCancel(order)}
            data-testid="perp-order-cancel"
          >
            {t('perpetual.actions.cancel')}
          </button>
        </div>
      ) : null}
    </article>
  );
}

/** A fill: open, close, take-profit, stop-loss or liquidation, with its price, lots, fee and realised PnL. */
export function TradeRow({ trade }: { trade: PerpTrade }) {
  const { t } = useTranslation();
  const { pair, precision } = useProductOf(trade.symbol);
  const closing = trade.action !== 'open';
  const cells = [
    { label: t('perpetual.fillPrice'), value: <Figure>{formatPrice(trade.price, precision)}</Figure> },
    { label: t('perpetual.lots'), value: <Figure>{trade.quantity}</Figure> },
    {
      label: t('perpetual.realizedPnl'),
      value: <Figure>{realizedPnlText(trade)}</Figure>,
      className: closing ? `tone-${toneOf(trade.realizedPnl)}` : undefined,
    },
  ];
  return (
    <Link
      to={detailPath('trade', trade.id)}
      className="perp-row perp-row--link"
      data-testid="perp-trade"
      data-id={trade.id}
      data-action={trade.action}
      data-position={trade.positionId}
    >
      <RecordHead block="perp-row" pair={pair}>
        <span className="perp-row__end">
          <TradeActionTag action={trade.action} />
        </span>
      </RecordHead>
      <p className="perp-row__tags">
        <SideTag side={trade.side} intent={intentOf(trade.action)} />
      </p>
      <Cells cells={cells} />
      <FeeFoot fee={trade.fee} time={trade.createdAt} />
    </Link>
  );
}
