import type { PerpOrder, PerpPosition, PerpTrade } from '@nexa/contract';
import { displayLiquidationPrice, money, pct, pnlAt, pnlUsdt, ratioAt, usdt } from '@nexa/rules';
import { exposureOf } from './book.js';
import type { OrderRecord, PositionRecord, TradeRecord } from './repository.js';

/** Rows to the contract's shapes: prices at the product's precision, money at 2 decimals. */

const ms = (v: Date | string) => (v instanceof Date ? v.getTime() : new Date(v).getTime());
const price = (v: string | null, precision: number) => (v === null ? null : money(v).toFixed(precision));

/** What a position's live figures are computed from. */
export type PositionTerms = Pick<
  PositionRecord,
  'side' | 'quantity' | 'contractSize' | 'entryPrice' | 'margin' | 'status'
>;
export type PositionFigures = Pick<PerpPosition, 'markPrice' | 'unrealizedPnl' | 'marginRatio' | 'liquidationPrice'>;

/** A position's figures at `mark` (the latest tick; the entry price when there is none): what every view shows. */
export function positionFigures(r: PositionTerms, mark: string | undefined, precision: number): PositionFigures {
  const p = exposureOf(r);
  const at = money(mark ?? r.entryPrice);
  return {
    markPrice: at.toFixed(precision),
    unrealizedPnl: r.status === 'open' ? pnlUsdt(pnlAt(p, at)) : '0.00',
    marginRatio: r.status === 'open' ? pct(ratioAt(p, at)) : '0',
    liquidationPrice: displayLiquidationPrice(p, precision),
  };
}

/** A position with its live figures at `mark` (the latest tick; the entry price when there is none). */
export function toPosition(r: PositionRecord, mark: string | undefined, precision: number): PerpPosition {
  const p = exposureOf(r);
  const figures = positionFigures(r, mark, precision);
  return {
    id: r.id,
    mode: r.mode,
    symbol: r.symbol,
    side: r.side,
    quantity: r.quantity,
    contractSize: r.contractSize,
    leverage: Number(r.leverage),
    entryPrice: money(r.entryPrice).toFixed(precision),
    margin: usdt(p.margin),
    ...figures,
    tpPrice: price(r.tpPrice, precision),
    slPrice: price(r.slPrice, precision),
    status: r.status,
    openedAt: ms(r.openedAt),
    version: Number(r.version),
  };
}

export function toOrder(r: OrderRecord, precision: number): PerpOrder {
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
    filledQuantity: r.filledQuantity,
    leverage: Number(r.leverage),
    frozenMargin: pending ? usdt(money(r.margin).plus(r.fee)) : '0.00',
    // A cancelled or rejected order's fee came back with its margin: nothing was charged.
    fee: r.status === 'cancelled' || r.status === 'rejected' ? '0.00' : usdt(money(r.fee)),
    fillPrice: price(r.fillPrice, precision),
    tpPrice: price(r.tpPrice, precision),
    slPrice: price(r.slPrice, precision),
    status: r.status,
    positionId: r.positionId,
    createdAt: ms(r.createdAt),
    updatedAt: ms(r.updatedAt),
  };
}

export function toTrade(r: TradeRecord, precision: number): PerpTrade {
  return {
    id: r.id,
    mode: r.mode,
    orderId: r.orderId,
    positionId: r.positionId,
    symbol: r.symbol,
    side: r.side,
    action: r.action,
    price: money(r.price).toFixed(precision),
    quantity: r.quantity,
    fee: usdt(money(r.fee)),
    realizedPnl: usdt(money(r.realizedPnl)),
    createdAt: ms(r.createdAt),
  };
}
