/**
 * The perpetual rules the screens need before anything is sent (packages/contract/src/perpetual.ts, header
 * comment): the margin and fee an order will take, the most lots the available margin allows, the estimated
 * liquidation price, unrealised PnL, and the checks that keep invalid input from being sent. All decimal strings,
 * never JS numbers. The server decides; these are its formulas applied to what the user typed.
 */
import type { PerpetualSettings, PositionSide } from '@nexa/contract';
import { type Exact, add, cmp, div, exact, exactOr0, floorInt, mul, round, sub, text } from './exact';

/** USDT amounts (margin, fee, PnL) have two decimals. */
export const USDT_DECIMALS = 2;
/** What the lots field takes: a whole number of up to 9 digits (the contract's `Lots`). */
export const LOTS_MAX_DIGITS = 9;

export interface OrderPreview {
  /** price × lots × contract size. */
  notional: string;
  /** notional ÷ leverage, up to the cent. */
  margin: string;
  /** notional × fee rate, up to the cent. */
  fee: string;
  /** margin + fee: what leaves the available margin. */
  cost: string;
}

function positiveExact(value: string | undefined): Exact | null {
  if (!value) return null;
  const v = exact(value);
  return v && v.units > 0n ? v : null;
}

/**
 * The margin and fee of opening `lots` at `price` with `leverage`; null until price and lots are positive. Rounded
 * up to the cent (the most it can take), so a preview never promises less than the server holds.
 */
export function orderPreview(
  price: string | undefined,
  lots: string,
  leverage: number,
  spec: Pick<PerpetualSettings, 'contractSize' | 'feeRate'>,
): OrderPreview | null {
  const p = positiveExact(price);
  const n = positiveExact(lots);
  const size = positiveExact(spec.contractSize);
  if (!p || !n || !size || leverage < 1) return null;
  const notional = mul(mul(p, n), size);
  const margin = div(notional, exact(String(leverage)) ?? { units: 1n, scale: 0 }, USDT_DECIMALS, 'up');
  const fee = round(mul(notional, exactOr0(spec.feeRate)), USDT_DECIMALS, 'up');
  if (!margin) return null;
  return {
    notional: text(round(notional, USDT_DECIMALS, 'halfUp')),
    margin: text(margin),
    fee: text(fee),
    cost: text(add(margin, fee)),
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
  spec: Pick<PerpetualSettings, 'contractSize' | 'feeRate'>,
): bigint {
  const a = positiveExact(available);
  const p = positiveExact(price);
  const size = positiveExact(spec.contractSize);
  if (!a || !p || !size || leverage < 1) return 0n;
  // cost per lot = p × size × (1/leverage + feeRate) = p × size × (1 + leverage × feeRate) ÷ leverage
  const lev = { units: BigInt(leverage), scale: 0 };
  const perLotTimesLev = mul(mul(p, size), add({ units: 1n, scale: 0 }, mul(lev, exactOr0(spec.feeRate))));
  const bound = div(mul(a, lev), perLotTimesLev, 0, 'down');
  let lots = bound ? floorInt(bound) : 0n;
  while (lots > 0n) {
    const cost = orderPreview(price, lots.toString(), leverage, spec)?.cost;
    if (cost && cmp(exactOr0(cost), a) <= 0) break;
    lots -= 1n;
  }
  return lots > 0n ? lots : 0n;
}

/**
 * The estimated liquidation price (margin ratio 0): long entry − margin ÷ (lots × size), short entry + …; at the
 * product's precision rounded toward the entry (a long's up, a short's down), never below 0, as the server shows
 * it. null without a position size.
 */
export function liquidationPrice(
  side: PositionSide,
  entry: string | undefined,
  margin: string,
  lots: string,
  contractSize: string,
  precision: number,
): string | null {
  const e = positiveExact(entry);
  const n = positiveExact(lots);
  const size = positiveExact(contractSize);
  if (!e || !n || !size) return null;
  // (entry × lots × size ∓ margin) ÷ (lots × size), divided once so the rounding is exact.
  const exposure = mul(n, size);
  const atEntry = mul(e, exposure);
  const m = exactOr0(margin);
  if (side === 'long') {
    const numerator = sub(atEntry, m);
    if (numerator.units <= 0n) return text(round({ units: 0n, scale: 0 }, precision, 'down'));
    const price = div(numerator, exposure, precision, 'up');
    return price ? text(price) : null;
  }
  const price = div(add(atEntry, m), exposure, precision, 'down');
  return price ? text(price) : null;
}

/** (mark − entry) × lots × size for a long, the opposite for a short, to the cent toward zero. */
export function unrealizedPnl(
  side: PositionSide,
  entry: string,
  mark: string,
  lots: string,
  contractSize: string,
): string {
  const diff = side === 'long' ? sub(exactOr0(mark), exactOr0(entry)) : sub(exactOr0(entry), exactOr0(mark));
  return text(round(mul(mul(diff, exactOr0(lots)), exactOr0(contractSize)), USDT_DECIMALS, 'down'));
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

/** A positive price or amount. */
export function checkPositive(value: string): ValueProblem | null {
  if (value.trim() === '') return { kind: 'empty' };
  const v = exact(value);
  if (!v || v.units <= 0n) return { kind: 'notPositive' };
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
  const ref = exactOr0(ctx.reference);
  let tpProblem: ValueProblem | null = null;
  let slProblem: ValueProblem | null = null;
  if (tp.trim() !== '') {
    tpProblem = checkPositive(tp);
    if (!tpProblem) {
      const c = cmp(exactOr0(tp), ref);
      if (ctx.side === 'long' && c <= 0) tpProblem = { kind: 'tpAbove', price: ctx.reference };
      if (ctx.side === 'short' && c >= 0) tpProblem = { kind: 'tpBelow', price: ctx.reference };
    }
  }
  if (sl.trim() !== '') {
    slProblem = checkPositive(sl);
    if (!slProblem) {
      const s = exactOr0(sl);
      const c = cmp(s, ref);
      if (ctx.side === 'long' && c >= 0) slProblem = { kind: 'slBelow', price: ctx.reference };
      else if (ctx.side === 'short' && c <= 0) slProblem = { kind: 'slAbove', price: ctx.reference };
      else if (ctx.liquidation) {
        const l = cmp(s, exactOr0(ctx.liquidation));
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
  if (available !== undefined && cmp(exactOr0(amount), exactOr0(available)) > 0) return { kind: 'insufficient' };
  return null;
}

/** Whether `cost` fits in `available` (unknown available: not refused here, the server decides). */
export function affordable(cost: string, available: string | undefined): boolean {
  return available === undefined || cmp(exactOr0(cost), exactOr0(available)) <= 0;
}

/** The sign of a decimal string: for colouring PnL. */
export function toneOf(value: string | null | undefined): 'up' | 'down' | 'flat' {
  if (!value) return 'flat';
  const v = exact(value);
  if (!v || v.units === 0n) return 'flat';
  return v.units > 0n ? 'up' : 'down';
}

/** The new liquidation price after adding `amount` margin to a position. */
export function liquidationAfterAdding(
  side: PositionSide,
  entry: string,
  margin: string,
  amount: string,
  lots: string,
  contractSize: string,
  precision: number,
): string | null {
  const a = exact(amount);
  if (!a || a.units <= 0n) return null;
  return liquidationPrice(side, entry, text(add(exactOr0(margin), a)), lots, contractSize, precision);
}
