import { Money, ZERO, money } from './money.js';

// Copy trading (issue 14): the follower's stake by the plan's condition, the leader's profit share, the limits a
// follower sets, and the figures of a leader computed from settled plans only.

export interface StakeCondition {
  type: 'fixed' | 'percent';
  /** The fixed amount, or the percentage of the copy-trading wallet (in percent). */
  value: string;
  min: string | null;
  max: string | null;
}

/**
 * The stake a follower's confirmation holds: the fixed amount, or `value` % of the copy-trading wallet's available
 * balance rounded down to the cent; then kept within [min, max] where given.
 */
export function copyStake(c: StakeCondition, walletAvailable: Money): Money {
  let stake =
    c.type === 'fixed' ? money(c.value) : walletAvailable.times(c.value).div(100).toDecimalPlaces(2, Money.ROUND_DOWN);
  if (c.min !== null && stake.lt(c.min)) stake = money(c.min);
  if (c.max !== null && stake.gt(c.max)) stake = money(c.max);
  return stake;
}

/** The leader's share of a follower's profit on a won copy: `pct` % of the profit, rounded down to the cent. */
export function profitShare(profit: Money, pct: string): Money {
  if (profit.lte(0)) return ZERO;
  return profit.times(pct).div(100).toDecimalPlaces(2, Money.ROUND_DOWN);
}

/** The share a leader may ask: within [0, cap]. */
export const profitShareAllowed = (pct: string, cap: string) => money(pct).gte(0) && money(pct).lte(cap);

/**
 * What a copy added to the follower's copy-trading wallet: its payout less the stake and the profit share paid to
 * the leader — the one figure the copy history, the order lists and the wallet's change log agree on.
 */
export const copyNetProfit = (payout: Money, stake: Money, share: Money): Money => payout.minus(stake).minus(share);

/** A copy's profit if it wins: the delivery profit less the leader's share of it (as settlement will book it). */
export const copyExpectedProfit = (grossProfit: Money, pct: string): Money =>
  grossProfit.minus(profitShare(grossProfit, pct));

/** How a plan's condition fields disagree: the max under the min, or a fixed amount outside [min, max]. */
export type ConditionProblem = { field: 'max'; why: 'minAboveMax' } | { field: 'value'; why: 'belowMin' | 'aboveMax' };

/**
 * The condition's fields against each other (their shapes are the contract's): min ≤ max, and a fixed amount within
 * [min, max] where given (a percentage's stake is kept within them instead). The server refuses a plan with any,
 * naming `condition.<field>`; the form shows them under the field.
 */
export function conditionProblems(c: StakeCondition): ConditionProblem[] {
  const out: ConditionProblem[] = [];
  if (c.min !== null && c.max !== null && money(c.min).gt(c.max)) out.push({ field: 'max', why: 'minAboveMax' });
  if (c.type === 'fixed') {
    if (c.min !== null && money(c.value).lt(c.min)) out.push({ field: 'value', why: 'belowMin' });
    else if (c.max !== null && money(c.value).gt(c.max)) out.push({ field: 'value', why: 'aboveMax' });
  }
  return out;
}

export interface CopyLimits {
  maxStakePerCopy: string | null;
  maxDailyStake: string | null;
  stopLossDaily: string | null;
  stopLossWeekly: string | null;
}

export interface CopyUsage {
  /** Copy stakes confirmed today (held or placed). */
  stakedToday: Money;
  /** Net copy result settled today and this week (negative: a loss). */
  netToday: Money;
  netThisWeek: Money;
}

export type CopyLimitHit = 'maxStakePerCopy' | 'maxDailyStake' | 'stopLossDaily' | 'stopLossWeekly';

/** The loss a net result stands for (0 when in profit). */
export const lossOf = (net: Money) => (net.lt(0) ? net.neg() : ZERO);

/** Whether a stop-loss is in force: the net loss reached the limit. */
export function copyStopped(l: CopyLimits, u: CopyUsage): CopyLimitHit | null {
  if (l.stopLossDaily !== null && lossOf(u.netToday).gte(l.stopLossDaily)) return 'stopLossDaily';
  if (l.stopLossWeekly !== null && lossOf(u.netThisWeek).gte(l.stopLossWeekly)) return 'stopLossWeekly';
  return null;
}

/** The first of the follower's own limits a new copy of `stake` would break, or null. */
export function copyLimitHit(l: CopyLimits, u: CopyUsage, stake: Money): CopyLimitHit | null {
  const stopped = copyStopped(l, u);
  if (stopped) return stopped;
  if (l.maxStakePerCopy !== null && stake.gt(l.maxStakePerCopy)) return 'maxStakePerCopy';
  if (l.maxDailyStake !== null && u.stakedToday.plus(stake).gt(l.maxDailyStake)) return 'maxDailyStake';
  return null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Start of the UTC day of `now` and of its ISO week (Monday 00:00 UTC), epoch ms. */
export function copyWindows(now: number): { dayFrom: number; weekFrom: number } {
  const dayFrom = Math.floor(now / DAY_MS) * DAY_MS;
  const weekday = (new Date(dayFrom).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return { dayFrom, weekFrom: dayFrom - weekday * DAY_MS };
}

/** A settled plan as the leader's figures see it: the leader's own order. */
export interface SettledPlan {
  result: 'won' | 'lost' | 'draw' | 'refunded';
  stake: Money;
  payout: Money;
  settledAt: number;
}

/** won ÷ settled in percent with two decimals (rounded down); null when nothing settled. */
export function winRate(won: number, settled: number): string | null {
  if (settled <= 0) return null;
  return money(won).times(100).div(settled).toFixed(2, Money.ROUND_DOWN);
}

/** Net profit ÷ stakes in percent with two decimals (rounded toward zero); null when nothing was staked. */
export function roi(pnl: Money, staked: Money): string | null {
  if (staked.lte(0)) return null;
  return pnl.times(100).div(staked).toFixed(2, Money.ROUND_DOWN);
}

/** The leader's figures over the plans settled since `from` (epoch ms). Refunded plans count in none. */
export function windowFigures(plans: readonly SettledPlan[], from: number) {
  const counted = plans.filter((p) => p.settledAt >= from && p.result !== 'refunded');
  const won = counted.filter((p) => p.result === 'won').length;
  const staked = counted.reduce((s, p) => s.plus(p.stake), ZERO);
  const pnl = counted.reduce((s, p) => s.plus(p.payout).minus(p.stake), ZERO);
  return { settled: counted.length, won, winRate: winRate(won, counted.length), roi: roi(pnl, staked), pnl };
}

/** The longest run of lost plans in a row, in settlement order (a draw or refund neither extends nor breaks it). */
export function worstLosingStreak(plans: readonly SettledPlan[]): number {
  const ordered = [...plans].sort((a, b) => a.settledAt - b.settledAt);
  let worst = 0;
  let run = 0;
  for (const p of ordered) {
    if (p.result === 'lost') run += 1;
    else if (p.result === 'won') run = 0;
    worst = Math.max(worst, run);
  }
  return worst;
}
