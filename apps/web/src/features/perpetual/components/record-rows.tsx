import { formatAmount, formatDateTime, formatSigned } from '@/lib/format';
import { formatPrice } from '@/lib/market-format';
import type { PerpOrder, PerpTrade, ProductSummary } from '@nexa/contract';
import { RightOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { toneOf } from '../model/perp-model';
import { detailPath } from '../paths';
import { Figure, SideTag, pairName, precisionOf } from './bits';

function Cell({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className="perp-cell">
      <span className="perp-cell__label">{label}</span>
      <span className={`perp-cell__value${className ? ` ${className}` : ''}`}>{children}</span>
    </div>
  );
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

/**
 * An order (spec §3): type, price, quantity, traded volume, status, fee, fill price and time. `onCancel` on a
 * pending limit order; the row links to its detail page.
 */
export function OrderRow({
  order,
  pair,
  precision,
  testId,
  onCancel,
  cancelling,
}: {
  order: PerpOrder;
  pair: string;
  precision: number;
  testId: string;
  onCancel?: (order: PerpOrder) => void;
  cancelling?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <article className="perp-row" data-testid={testId} data-id={order.id} data-status={order.status}>
      <Link to={detailPath('order', order.id)} className="perp-row__head">
        <span className="perp-row__pair" dir="ltr">
          {pair}
        </span>
        <SideTag side={order.side} leverage={order.leverage} />
        <span className="perp-row__kind">
          {t(`perpetual.${order.type}`)} · {t(`perpetual.intent.${order.intent}`)}
        </span>
        <span className="perp-row__end">
          <OrderStatusTag status={order.status} />
        </span>
        <RightOutline className="perp-row__chevron flip-rtl" />
      </Link>
      <div className="perp-grid">
        <Cell label={t('perpetual.orderPrice')}>
          <Figure>{order.price ? formatPrice(order.price, precision) : t('perpetual.marketPrice')}</Figure>
        </Cell>
        <Cell label={t('perpetual.filledLots')}>
          <Figure>
            {order.filledQuantity}/{order.quantity}
          </Figure>
        </Cell>
        <Cell label={order.status === 'pending' ? t('perpetual.frozenMargin') : t('perpetual.fillPrice')}>
          <Figure>
            {order.status === 'pending'
              ? formatAmount(order.frozenMargin)
              : order.fillPrice
                ? formatPrice(order.fillPrice, precision)
                : '--'}
          </Figure>
        </Cell>
      </div>
      <div className="meta-row perp-row__meta">
        <span>
          {t('perpetual.fee')} <Figure>{formatAmount(order.fee)}</Figure>
        </span>
        <Figure>{formatDateTime(order.createdAt, true)}</Figure>
      </div>
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
export function TradeRow({ trade, pair, precision }: { trade: PerpTrade; pair: string; precision: number }) {
  const { t } = useTranslation();
  const closing = trade.action !== 'open';
  return (
    <Link
      to={detailPath('trade', trade.id)}
      className="perp-row perp-row--link"
      data-testid="perp-trade"
      data-id={trade.id}
      data-action={trade.action}
      data-position={trade.positionId}
    >
      <span className="perp-row__head">
        <span className="perp-row__pair" dir="ltr">
          {pair}
        </span>
        <SideTag side={trade.side} />
        <span className={`perp-action perp-action--${trade.action}`}>{t(`perpetual.action.${trade.action}`)}</span>
        <RightOutline className="perp-row__chevron flip-rtl" />
      </span>
      <div className="perp-grid">
        <Cell label={t('perpetual.fillPrice')}>
          <Figure>{formatPrice(trade.price, precision)}</Figure>
        </Cell>
        <Cell label={t('perpetual.lots')}>
          <Figure>{trade.quantity}</Figure>
        </Cell>
        <Cell label={t('perpetual.realizedPnl')} className={closing ? `tone-${toneOf(trade.realizedPnl)}` : undefined}>
          <Figure>{closing ? formatSigned(formatAmount(trade.realizedPnl, 2, false)) : '--'}</Figure>
        </Cell>
      </div>
      <span className="meta-row perp-row__meta">
        <span>
          {t('perpetual.fee')} <Figure>{formatAmount(trade.fee)}</Figure>
        </span>
        <Figure>{formatDateTime(trade.createdAt, true)}</Figure>
      </span>
    </Link>
  );
}

/** Trades, each with its pair and the product's price precision. */
export function TradeItems({
  trades,
  products,
  label,
}: {
  trades: readonly PerpTrade[];
  products: readonly ProductSummary[] | undefined;
  label?: string;
}) {
  return (
    <ul className="perp-list" aria-label={label}>
      {trades.map((trade) => (
        <li key={trade.id}>
          <TradeRow
            trade={trade}
            pair={pairName(trade.symbol, products)}
            precision={precisionOf(trade.symbol, products)}
          />
        </li>
      ))}
    </ul>
  );
}
