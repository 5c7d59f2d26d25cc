import {
  LIMIT_RAISE_DELAY_MS,
  TRADING_BREAK_RANGE,
  TRADING_LIMIT_KINDS,
  type TradingBreakKind,
  type TradingLimitKind,
} from '@nexa/contract';
import { type Money, money } from './money.js';

// Responsible trading (issue 13 §2) as pure functions: which limit is in force, what a change does, which window an
// order counts in, and whether an order fits. The server applies them inside the order's transaction.

/** One stored limit: what is in force, and a raise or removal waiting for its time. */
export interface LimitState {
  /** In force; null: none. */
  amount: string | null;
  /** A change waiting: `pendingSet` false means none. */
  pendingSet: boolean;
  pendingAmount: string | null;
  pendingAt: number | null;
}

export const NO_LIMIT: LimitState = { amount: null, pendingSet: false, pendingAmount: null, pendingAt: null };

/** The limit in force at `now`: a pending change counts once its time has come. */
export function limitInForce(s: LimitState, now: number): string | null {
  return s.pendingSet && s.pendingAt !== null && s.pendingAt <= now ? s.pendingAmount : s.amount;
}

/** `a` is stricter than `b` (null: no limit, the loosest). */
const stricter = (a: string | null, b: string | null) => a !== null && (b === null || money(a).lt(money(b)));

/**
 * A user's change of one limit: lowering (or setting a first one) takes effect at once and drops any waiting
 * raise; raising or removing waits `LIMIT_RAISE_DELAY_MS` from now; asking for what is in force drops a waiting change.
 */
export function changeLimit(s: LimitState, amount: string | null, now: number): LimitState {
  const current = limitInForce(s, now);
  if (stricter(amount, current)) return { amount, pendingSet: false, pendingAmount: null, pendingAt: null };
  if (amount === current || (amount !== null && current !== null && money(amount).eq(money(current)))) {
    return { amount: current, pendingSet: false, pendingAmount: null, pendingAt: null };
  }
  return { amount: current, pendingSet: true, pendingAmount: amount, pendingAt: now + LIMIT_RAISE_DELAY_MS };
}

/** The UTC day or month an instant falls in, as [start, end) in ms. */
export function limitWindow(kind: TradingLimitKind, now: number): { from: number; to: number } {
  const d = new Date(now);
  if (kind === 'dailyStake' || kind === 'dailyLoss') {
    const from = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
    return { from, to: from + 24 * 60 * 60 * 1000 };
  }
  return {
    from: Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1),
    to: Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1),
  };
}

export const isLossLimit = (kind: TradingLimitKind) => kind === 'dailyLoss' || kind === 'monthlyLoss';

/**
 * What a window has used: for a stake limit, the stakes placed in it; for a loss limit, the net loss settled in it
 * (never below zero) plus every stake still at risk, so a loss limit can never be passed by orders already open.
 */
export interface WindowUsage {
  staked: Money;
  settledLoss: Money;
  atRisk: Money;
}

export function usedOf(kind: TradingLimitKind, u: WindowUsage): Money {
  if (!isLossLimit(kind)) return u.staked;
  return (u.settledLoss.isNegative() ? money(0) : u.settledLoss).plus(u.atRisk);
}

/**
 * The first limit (in `TRADING_LIMIT_KINDS` order) an order of `stake` would take past its figure, with what the
 * window has used; null when the order fits every limit in force.
 */
export function breachedLimit(
  limits: Partial<Record<TradingLimitKind, string | null>>,
  usage: (kind: TradingLimitKind) => WindowUsage,
  stake: Money,
): { kind: TradingLimitKind; limit: string; used: Money } | null {
  for (const kind of TRADING_LIMIT_KINDS) {
    const limit = limits[kind];
    if (limit === null || limit === undefined) continue;
    const used = usedOf(kind, usage(kind));
    if (used.plus(stake).gt(money(limit))) return { kind, limit, used };
  }
  return null;
}

/** When a break taken at `now` ends: whole UTC days for a cool-off, calendar months for a self-exclusion. */
export function breakEnd(kind: TradingBreakKind, length: number, now: number): number {
  if (TRADING_BREAK_RANGE[kind].unit === 'day') return now + length * 24 * 60 * 60 * 1000;
  const d = new Date(now);
  const month = d.getUTCMonth() + length;
  // The same day of the month, or the month's last day when it has fewer (31 Jan + 1 month = 28/29 Feb).
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), month + 1, 0)).getUTCDate();
  return Date.UTC(
    d.getUTCFullYear(),
    month,
    Math.min(d.getUTCDate(), lastDay),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
    d.getUTCMilliseconds(),
  );
}
