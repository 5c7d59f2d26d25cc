import type { PositionSide } from '@nexa/contract';
import { type Money, Money as MoneyClass, ZERO, fixed, money, parseDecimal } from './money.js';

/**
 * The perpetual arithmetic (spec §9 read as ARCHITECTURE §4 and the contract's header), all in decimals.
 * Money is USDT at 2 decimals; rounding always favours the book that cannot go negative: what a user pays
 * (margin, fees, losses) is rounded up, what a user receives (profits, a share of margin) is rounded down.
 * Prices and PnL used for deciding (liquidation, TP/SL) are exact.
 */

const SCALE = 2;
const up = (v: Money) => v.toDecimalPlaces(SCALE, MoneyClass.ROUND_UP);
const down = (v: Money) => v.toDecimalPlaces(SCALE, MoneyClass.ROUND_DOWN);

export interface Exposure {
  side: PositionSide;
  /** Lots. */
  quantity: Money;
  contractSize: Money;
  entryPrice: Money;
  margin: Money;
}

export const notional = (price: Money, lots: Money, contractSize: Money) => price.times(lots).times(contractSize);

/** Position margin = price × lots × contract size ÷ leverage, rounded up to the cent. */
export const marginOf = (price: Money, lots: Money, contractSize: Money, leverage: number) =>
  up(notional(price, lots, contractSize).div(leverage));

/** Fee on open and on close = notional × fee rate, rounded up to the cent. */
export const feeOf = (price: Money, lots: Money, contractSize: Money, feeRate: Money) =>
  up(notional(price, lots, contractSize).times(feeRate));

/** Unrealised PnL at `mark`, exact. */
export function pnlAt(p: Exposure, mark: Money, lots: Money = p.quantity): Money {
  const move = p.side === 'long' ? mark.minus(p.entryPrice) : p.entryPrice.minus(mark);
  return move.times(lots).times(p.contractSize);
}

/**
 * PnL to the cent, the one way every PnL figure is rounded: a profit rounded down, a loss rounded up (away from zero),
 * as a close books it (the header's rule: what a user receives rounds down, what a user pays rounds up). So a
 * position's unrealised PnL, the close sheet's estimate and the realised PnL a close books at the same price agree.
 */
export const pnlToCent = (raw: Money) => (raw.isNeg() ? up(raw.neg()).neg() : down(raw));

/** Margin ratio = (unrealised PnL + margin) ÷ margin, as a fraction (1 = 100 %). */
export const ratioAt = (p: Exposure, mark: Money) => pnlAt(p, mark).plus(p.margin).div(p.margin);

/** The rule of spec §4: liquidated when the margin ratio is at or below 0 %, i.e. PnL + margin ≤ 0 (exact). */
export const liquidatedAt = (p: Exposure, mark: Money) => pnlAt(p, mark).plus(p.margin).lte(0);

/** The price at which the ratio reaches 0: entry ∓ margin ÷ (lots × contract size). Exact to 40 digits. */
export function liquidationPrice(p: Exposure): Money {
  const move = p.margin.div(p.quantity.times(p.contractSize));
  return p.side === 'long' ? p.entryPrice.minus(move) : p.entryPrice.plus(move);
}

/**
 * The liquidation price as a trigger level: rounded (12 decimals) towards the current price, so any price at
 * which the rule holds also crosses the level; the engine re-checks the exact rule before acting.
 */
export function liquidationLevel(p: Exposure): Money {
  const exact = liquidationPrice(p);
  return p.side === 'long'
    ? exact.toDecimalPlaces(12, MoneyClass.ROUND_CEIL)
    : exact.toDecimalPlaces(12, MoneyClass.ROUND_FLOOR);
}

/** The liquidation price shown to a person, at the product's precision, never past the real one; never below 0. */
export function displayLiquidationPrice(p: Exposure, precision: number): string {
  const exact = liquidationPrice(p);
  const shown =
    p.side === 'long'
      ? exact.toDecimalPlaces(precision, MoneyClass.ROUND_CEIL)
      : exact.toDecimalPlaces(precision, MoneyClass.ROUND_FLOOR);
  return (shown.isNeg() ? ZERO : shown).toFixed(precision);
}

export interface Settlement {
  /** The part of the margin released by this close. */
  closingMargin: Money;
  /** Margin that stays held for the lots left open. */
  remainingMargin: Money;
  /** Realised PnL paid out (> 0) or taken (< 0); a loss never exceeds the closing margin. */
  pnl: Money;
  /** Closing fee actually charged: never more than what is left of the closing margin after the loss. */
  fee: Money;
  /** What the user ends up with from this close: closing margin + PnL − fee (≥ 0). */
  proceeds: Money;
}

/**
 * Closing `lots` of a position at `price`. A share of the margin (rounded down; all of it on a full close) is
 * released, the PnL is realised (a profit rounded down, a loss rounded up and capped at that margin: the house
 * absorbs any gap), and the closing fee is charged out of what is left, never more.
 */
export function settleClose(p: Exposure, lots: Money, price: Money, feeRate: Money): Settlement {
  const full = lots.eq(p.quantity);
  const closingMargin = full ? p.margin : down(p.margin.times(lots).div(p.quantity));
  const raw = pnlAt(p, price, lots);
  let pnl = pnlToCent(raw);
  if (pnl.neg().gt(closingMargin)) pnl = closingMargin.neg();
  const left = closingMargin.plus(pnl);
  const wanted = feeOf(price, lots, p.contractSize, feeRate);
  const fee = wanted.gt(left) ? left : wanted;
  return { closingMargin, remainingMargin: p.margin.minus(closingMargin), pnl, fee, proceeds: left.minus(fee) };
}

/**
 * Whether a take-profit and a stop-loss make sense against `reference` (spec §4/§5): long TP above it, SL below it
 * and above the liquidation price; short mirrored. Returns the field at fault. The reference is where the position
 * stands when they are set: a new order's entry (its fill or limit price), an open position's current price. Against
 * the entry alone, an open long took a stop-loss the price had already fallen through, and the next tick closed it
 * at once below the level typed; a stop that locks in a profit (above the entry of a long that has risen) is fine.
 */
export function checkTakeStop(
  p: Exposure,
  tp: Money | undefined,
  sl: Money | undefined,
  reference: Money = p.entryPrice,
): 'tpPrice' | 'slPrice' | undefined {
  const liq = liquidationPrice(p);
  if (tp && (tp.lte(0) || (p.side === 'long' ? tp.lte(reference) : tp.gte(reference)))) return 'tpPrice';
  if (sl && (sl.lte(0) || (p.side === 'long' ? sl.gte(reference) || sl.lte(liq) : sl.lte(reference) || sl.gte(liq))))
    return 'slPrice';
  return undefined;
}

export const pct = (ratio: Money) => ratio.times(100).toDecimalPlaces(2, MoneyClass.ROUND_DOWN).toFixed();
export const usdt = (v: Money) => down(v).toFixed(SCALE);
/** A PnL figure for display and the wire: `pnlToCent`, two decimals. */
export const pnlUsdt = (v: Money) => pnlToCent(v).toFixed(SCALE);

// ——— Previews: the same rules on the strings a screen holds (what the user typed, what the server sent). ———

/** USDT amounts (margin, fee, PnL) have two decimals. */
export const USDT_DECIMALS = SCALE;

export interface PerpetualTerms {
  contractSize: string;
  feeRate: string;
}

export interface OrderPreview {
  /** price × lots × contract size, to the cent half up (shown only). */
  notional: string;
  /** What the server holds as margin: `marginOf`. */
  margin: string;
  /** What the server charges on open: `feeOf`. */
  fee: string;
  /** margin + fee: what leaves the available margin. */
  cost: string;
}

const positive = (value: string | undefined) => {
  const v = parseDecimal(value);
  return v?.gt(0) ? v : null;
};

/** The margin and fee of opening `lots` at `price` with `leverage`; null until price and lots are positive. */
export function orderPreview(
  price: string | undefined,
  lots: string,
  leverage: number,
  terms: PerpetualTerms,
): OrderPreview | null {
  const p = positive(price);
  const n = positive(lots);
  const size = positive(terms.contractSize);
  if (!p || !n || !size || !(leverage >= 1)) return null;
  const margin = marginOf(p, n, size, leverage);
  const fee = feeOf(p, n, size, parseDecimal(terms.feeRate) ?? ZERO);
  return {
    notional: fixed(notional(p, n, size), SCALE, MoneyClass.ROUND_HALF_UP),
    margin: margin.toFixed(SCALE),
    fee: fee.toFixed(SCALE),
    cost: margin.plus(fee).toFixed(SCALE),
  };
}

/**
 * The most whole lots `available` pays margin and fee for at `price` (0 when not even one): solved exactly, then
 * checked against the rounded-up preview so the answer is one the server accepts.
 */
export function maxLots(
  available: string | undefined,
  price: string | undefined,
  leverage: number,
  terms: PerpetualTerms,
) {
  const a = positive(available);
  const p = positive(price);
  const size = positive(terms.contractSize);
  if (!a || !p || !size || !(leverage >= 1)) return 0n;
  // cost per lot = p × size × (1/leverage + feeRate) = p × size × (1 + leverage × feeRate) ÷ leverage
  const perLotTimesLev = p.times(size).times(money(1).plus(money(leverage).times(parseDecimal(terms.feeRate) ?? ZERO)));
  let lots = BigInt(a.times(leverage).div(perLotTimesLev).floor().toFixed(0));
  while (lots > 0n) {
    const cost = orderPreview(price, lots.toString(), leverage, terms)?.cost;
    if (cost && money(cost).lte(a)) break;
    lots -= 1n;
  }
  return lots > 0n ? lots : 0n;
}

/** The exposure a screen describes, or null without a positive entry, lots and contract size. */
export function exposureFrom(
  side: PositionSide,
  entry: string | undefined,
  margin: string,
  lots: string,
  contractSize: string,
): Exposure | null {
  const entryPrice = positive(entry);
  const quantity = positive(lots);
  const size = positive(contractSize);
  if (!entryPrice || !quantity || !size) return null;
  return { side, quantity, contractSize: size, entryPrice, margin: parseDecimal(margin) ?? ZERO };
}

/** The liquidation price a position page shows (`displayLiquidationPrice`), from strings; null without a size. */
export function liquidationPreview(
  side: PositionSide,
  entry: string | undefined,
  margin: string,
  lots: string,
  contractSize: string,
  precision: number,
): string | null {
  const p = exposureFrom(side, entry, margin, lots, contractSize);
  return p ? displayLiquidationPrice(p, precision) : null;
}

/** Unrealised PnL of `lots` at `mark` as a position shows it and a close at `mark` would book it (`pnlUsdt`). */
export function pnlPreview(
  side: PositionSide,
  entry: string,
  mark: string,
  lots: string,
  contractSize: string,
): string {
  const p: Exposure = {
    side,
    quantity: parseDecimal(lots) ?? ZERO,
    contractSize: parseDecimal(contractSize) ?? ZERO,
    entryPrice: parseDecimal(entry) ?? ZERO,
    margin: ZERO,
  };
  return pnlUsdt(pnlAt(p, parseDecimal(mark) ?? ZERO));
}

export { money };
