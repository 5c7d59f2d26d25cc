import type { PerpOrder, PerpPosition, PerpTrade } from '@nexa/contract';
import { displayLiquidationPrice, money, pct, pnlAt, ratioAt, usdt } from '@nexa/rules';
import { exposureOf } from './book.js';
import type { OrderRow, PositionRow, TradeRow } from './repository.js';

/** Rows to the contract's shapes: prices at the product's precision, money at 2 decimals. */

const ms = (v: Date | string) => (v instanceof Date ? v.getTime() : new Date(v).getTime());
const price = (v: string | null, precision: number) => (v === null ? null : money(v).toFixed(precision));

/** A position with its live figures at `mark` (the latest tick; the entry price when there is none). */
export function toPosition(r: PositionRow, mark: string | undefined, precision: number): PerpPosition {
  const p = exposureOf(r);
  const at = money(mark ?? r.entry_price);
  return {
    id: r.id,
    mode: r.mode,
    symbol: r.symbol,
    side: r.side,
    quantity: r.quantity,
    contractSize: r.contract_size,
    leverage: Number(r.leverage),
    entryPrice: money(r.entry_price).toFixed(precision),
    margin: usdt(p.margin),
    markPrice: at.toFixed(precision),
    unrealizedPnl: r.status === 'open' ? usdt(pnlAt(p, at)) : '0.00',
    marginRatio: r.status === 'open' ? pct(ratioAt(p, at)) : '0',
    liquidationPrice: displayLiquidationPrice(p, precision),
    tpPrice: price(r.tp_price, precision),
    slPrice: price(r.sl_price, precision),
    status: r.status,
    openedAt: ms(r.opened_at),
    version: Number(r.version),
  };
}

export function toOrder(r: OrderRow, precision: number): PerpOrder {
  const pending = r.status === 'pending';
  return {
    id: r.id,
    mode: r.mode,
    symbol: r.symbol,
    side: r.side,
    type: r.type,
    intent: r.intent,
    price: price(r.price, precision),
    quantity: r.quantity,
    filledQuantity: r.filled_quantity,
    leverage: Number(r.leverage),
    frozenMargin: pending ? usdt(money(r.margin).plus(r.fee)) : '0.00',
    fee: usdt(money(r.fee)),
    fillPrice: price(r.fill_price, precision),
    tpPrice: price(r.tp_price, precision),
    slPrice: price(r.sl_price, precision),
    status: r.status,
    positionId: r.position_id,
    createdAt: ms(r.created_at),
    updatedAt: ms(r.updated_at),
  };
}

export function toTrade(r: TradeRow, precision: number): PerpTrade {
  return {
    id: r.id,
    mode: r.mode,
    orderId: r.order_id,
    positionId: r.position_id,
    symbol: r.symbol,
    side: r.side,
    action: r.action,
    price: money(r.price).toFixed(precision),
    quantity: r.quantity,
    fee: usdt(money(r.fee)),
    realizedPnl: usdt(money(r.realized_pnl)),
    createdAt: ms(r.created_at),
  };
}
