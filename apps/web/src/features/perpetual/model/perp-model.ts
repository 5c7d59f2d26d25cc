/**
 * The perpetual rules the screens need before anything is sent: the margin and fee an order will take, the most
 * lots the available margin allows, the estimated liquidation price and unrealised PnL are @nexa/rules' (the very
 * functions the server charges and shows with, here on the strings a screen holds); this file adds the checks that
 * keep invalid input from being sent. All decimals, never JS numbers.
 */
import type { PositionSide } from '@nexa/contract';
import {
  type OrderPreview,
  type PerpetualTerms,
  USDT_DECIMALS,
  compareDecimal,
  decimalOr0,
  exposureFrom,
  liquidationPreview,
  orderPreview,
  parseDecimal,
  settleClose,
} from '@nexa/rules';

export { type OrderPreview, USDT_DECIMALS, maxLots, orderPreview } from '@nexa/rules';

/** What the lots field takes: a whole number of up to 9 digits (the contract's `Lots`). */
export const LOTS_MAX_DIGITS = 9;

/**
 * The estimated liquidation price (margin ratio 0) at the product's precision, rounded toward the entry, never
 * below 0, exactly as the server shows it; null without a position size.
 */
export const liquidationPrice = liquidationPreview;

/**
 * Whether a limit order fills at once: the market is already at or through its price (a long's limit at or above
 * the market, a short's at or below), the server's own comparison. Such an order fills at the market price, not at
 * the limit, so it is quoted there. False while either price is unknown or not positive.
 */
export function limitFillsNow(side: PositionSide, limit: string | undefined, market: string | undefined): boolean {
  if (!limit || !market || checkPositive(limit) || checkPositive(market)) return false;
  const c = compareDecimal(market, limit);
  return side === 'long' ? c <= 0 : c >= 0;
}

/**
 * The price an order is quoted at and whether it fills at once: a market order and a limit the market has crossed
 * at the market price, a limit that rests at its own price.
 */
export function orderReference(
  type: 'market' | 'limit',
  side: PositionSide,
  limit: string | undefined,
  market: string | undefined,
): { reference: string | undefined; atMarket: boolean } {
  if (type === 'market' || limitFillsNow(side, limit, market)) return { reference: market, atMarket: true };
  return { reference: limit, atMarket: false };
}

/** What an order takes at a price, and where the position it opens would be liquidated. */
export interface OrderQuote {
  preview: OrderPreview;
  liquidation: string | null;
}

/**
 * An order quoted at `reference` (its limit price, or the market price now): its margin and fee, and the estimated
 * liquidation price of the position it opens. The order entry quotes the draft it hands on with it; the confirm sheet
 * quotes a market order again at every tick while it is open. Null when the price or lots say nothing yet.
 */
export function quoteOrder(
  side: PositionSide,
  reference: string | undefined,
  lots: string,
  leverage: number,
  terms: PerpetualTerms,
  precision: number,
): OrderQuote | null {
  const preview = orderPreview(reference, lots, leverage, terms);
  if (!preview || !reference) return null;
  return {
    preview,
    liquidation: liquidationPrice(side, reference, preview.margin, lots, terms.contractSize, precision),
  };
}

// ——— Checks: each returns what is wrong, or null. The screens turn problems into messages. ———

export type ValueProblem =
  | { kind: 'empty' }
  | { kind: 'notPositive' }
  | { kind: 'insufficient' }
  | { kind: 'tooManyLots'; max: string }
  | { kind: 'tpAbove'; price: string }
  | { kind: 'tpBelow'; price: string }
  | { kind: 'slBelow'; price: string }
  | { kind: 'slAbove'; price: string }
  | { kind: 'slBeyondLiquidation'; price: string };

/** A whole number of lots ≥ 1. */
export function checkLots(lots: string, max?: string): ValueProblem | null {
  if (lots.trim() === '') return { kind: 'empty' };
  if (!/^\d+$/.test(lots) || BigInt(lots) < 1n) return { kind: 'notPositive' };
  if (max !== undefined && BigInt(lots) > BigInt(max)) return { kind: 'tooManyLots', max };
  return null;
}

/**
 * What the close sheet's lots field says while the user types, before any submit: only more lots than the position
 * has (an empty field is on its way somewhere, not wrong); the rest is said on submit (`checkLots`).
 */
export function liveCloseLotsProblem(lots: string, open: string): ValueProblem | null {
  const p = checkLots(lots, open);
  return p?.kind === 'tooManyLots' ? p : null;
}

/** A positive price or amount. */
export function checkPositive(value: string): ValueProblem | null {
  if (value.trim() === '') return { kind: 'empty' };
  const v = parseDecimal(value);
  if (!v || v.lte(0)) return { kind: 'notPositive' };
  return null;
}

export interface TpSlContext {
  side: PositionSide;
  /** The entry price (an open position), the limit price, or the current price (a market order). */
  reference: string;
  /** The estimated liquidation price; the stop-loss must trigger before it. */
  liquidation: string | null;
}

/**
 * A take-profit must be on the profitable side of the reference (above for a long, below for a short); a stop-loss
 * on the losing side, but before the liquidation price. Blank fields are not checked (they mean "none").
 */
export function checkTpSl(
  tp: string,
  sl: string,
  ctx: TpSlContext,
): { tp: ValueProblem | null; sl: ValueProblem | null } {
  let tpProblem: ValueProblem | null = null;
  let slProblem: ValueProblem | null = null;
  if (tp.trim() !== '') {
    tpProblem = checkPositive(tp);
    if (!tpProblem) {
      const c = compareDecimal(tp, ctx.reference);
      if (ctx.side === 'long' && c <= 0) tpProblem = { kind: 'tpAbove', price: ctx.reference };
      if (ctx.side === 'short' && c >= 0) tpProblem = { kind: 'tpBelow', price: ctx.reference };
    }
  }
  if (sl.trim() !== '') {
    slProblem = checkPositive(sl);
    if (!slProblem) {
      const c = compareDecimal(sl, ctx.reference);
      if (ctx.side === 'long' && c >= 0) slProblem = { kind: 'slBelow', price: ctx.reference };
      else if (ctx.side === 'short' && c <= 0) slProblem = { kind: 'slAbove', price: ctx.reference };
      else if (ctx.liquidation) {
        const l = compareDecimal(sl, ctx.liquidation);
        if ((ctx.side === 'long' && l <= 0) || (ctx.side === 'short' && l >= 0)) {
          slProblem = { kind: 'slBeyondLiquidation', price: ctx.liquidation };
        }
      }
    }
  }
  return { tp: tpProblem, sl: slProblem };
}

/** A margin top-up: positive, at most the available margin. */
export function checkAddMargin(amount: string, available: string | undefined): ValueProblem | null {
  const p = checkPositive(amount);
  if (p) return p;
  if (available !== undefined && compareDecimal(amount, available) > 0) return { kind: 'insufficient' };
  return null;
}

/**
 * What the margin field says while the user types, before any submit: only more than is available (a field still
 * empty or "0." is on its way somewhere, not wrong); the rest is said on submit (`checkAddMargin`).
 */
export function liveAddMarginProblem(amount: string, available: string | undefined): ValueProblem | null {
  const p = checkAddMargin(amount, available);
  return p?.kind === 'insufficient' ? p : null;
}

/** Whether `cost` fits in `available` (unknown available: not refused here, the server decides). */
export function affordable(cost: string, available: string | undefined): boolean {
  return available === undefined || compareDecimal(cost, available) <= 0;
}

/** An order at the price it is quoted at, with the TP/SL it carries (blank: none) and the margin available now. */
export interface QuotedOrder {
  side: PositionSide;
  reference: string;
  /** What the order takes (margin and fee); null when the lots say nothing yet. */
  cost: string | null;
  liquidation: string | null;
  tp: string;
  sl: string;
  available: string | undefined;
}

/**
 * What the server would refuse in an order quoted at `reference`: lots the available margin does not pay for, a TP
 * or SL on the wrong side of the price or an SL beyond the liquidation price. The order entry checks its draft with
 * it, and the confirm sheet checks a market order again at each tick (the price it fills at moves).
 */
export function quotedOrderProblems(o: QuotedOrder): { lots?: ValueProblem; tp?: ValueProblem; sl?: ValueProblem } {
  const { tp, sl } = checkTpSl(o.tp, o.sl, { side: o.side, reference: o.reference, liquidation: o.liquidation });
  return {
    lots: o.cost !== null && !affordable(o.cost, o.available) ? { kind: 'insufficient' } : undefined,
    tp: tp ?? undefined,
    sl: sl ?? undefined,
  };
}

/** The sign of a decimal string: for colouring PnL. */
export function toneOf(value: string | null | undefined): 'up' | 'down' | 'flat' {
  if (!value) return 'flat';
  const v = parseDecimal(value);
  if (!v || v.isZero()) return 'flat';
  return v.gt(0) ? 'up' : 'down';
}

/**
 * The new liquidation price after adding `amount` margin to a position; null for an amount that cannot be added
 * (none, not positive, more than `available`), so no "after" is shown for it.
 */
export function liquidationAfterAdding(
  side: PositionSide,
  entry: string,
  margin: string,
  amount: string,
  lots: string,
  contractSize: string,
  precision: number,
  available?: string,
): string | null {
  const a = parseDecimal(amount);
  if (!a || checkAddMargin(amount, available)) return null;
  return liquidationPrice(side, entry, decimalOr0(margin).plus(a).toFixed(), lots, contractSize, precision);
}

/** A position as the close sheet knows it (the contract's PerpPosition). */
export interface ClosablePosition {
  side: PositionSide;
  entryPrice: string;
  margin: string;
  quantity: string;
  contractSize: string;
}

/** What closing some lots at a price books: the realised PnL, the closing fee, and PnL − fee (USDT strings). */
export interface ClosePreview {
  pnl: string;
  fee: string;
  net: string;
}

/** `settleClose` of `lots` at `price` on the strings a screen holds; null for lots it refuses, an unknown price or rate. */
function settleAt(position: ClosablePosition, lots: string, price: string | undefined, feeRate: string | undefined) {
  if (checkLots(lots, position.quantity)) return null;
  const at = parseDecimal(price);
  const rate = parseDecimal(feeRate);
  const p = exposureFrom(position.side, position.entryPrice, position.margin, position.quantity, position.contractSize);
  if (!p || !at?.gt(0) || !rate || rate.isNeg()) return null;
  return settleClose(p, parseDecimal(lots) ?? p.quantity, at, rate);
}

/**
 * Closing `lots` of a position at `price`, figured by @nexa/rules' `settleClose`, the very arithmetic the server
 * books a close with (PnL to the cent, a loss capped at the closing margin, the fee out of what is left), so the
 * sheet shows what gets booked at that price. Null for lots the close would refuse, an unknown price or fee rate.
 */
export function closePreview(
  position: ClosablePosition,
  lots: string,
  price: string | undefined,
  feeRate: string | undefined,
): ClosePreview | null {
  const s = settleAt(position, lots, price, feeRate);
  if (!s) return null;
  const usdt = (v: typeof s.pnl) => v.toFixed(USDT_DECIMALS);
  return { pnl: usdt(s.pnl), fee: usdt(s.fee), net: usdt(s.pnl.minus(s.fee)) };
}

/**
 * The PnL closing all of a position at `price` books, by the same `settleClose` (to the cent, a loss capped at the
 * position's margin: past its liquidation price no more than the margin is lost), for the close-all list. The fee
 * comes out of what is left after the PnL and never changes it, so no fee rate is needed. Null for an unknown price.
 */
export function closeAllPnl(position: ClosablePosition, price: string | undefined): string | null {
  return settleAt(position, position.quantity, price, '0')?.pnl.toFixed(USDT_DECIMALS) ?? null;
}
