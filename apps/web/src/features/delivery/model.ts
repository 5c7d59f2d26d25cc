/**
 * The Futures (delivery contract) rules the screens need, as pure functions: status groups (spec §4), the
 * expected profit, amount checks, the live outcome during the countdown, and keeping the open-order list in step
 * with order events. Money stays a decimal string throughout (@nexa/rules), never a JS number.
 */
import { compareDecimal, decimalPlaces, isPositiveAmount, multiplyDecimal, signOf } from '@/lib/decimal';
import type { DeliveryOrder, DeliveryPeriod, DeliveryStatus, Direction } from '@nexa/contract';

/** USDT has two decimals: stakes and profits are in cents. */
export const STAKE_DECIMALS = 2;

/** The price precision of an order's ticks: the entry price's own (2 before it has one). */
export function pricePrecision(order: Pick<DeliveryOrder, 'entry'>): number {
  return order.entry ? decimalPlaces(order.entry.price) : 2;
}

/** How the spec names the statuses (§4): one label per group. */
export type StatusGroup = 'pending' | 'closing' | 'won' | 'lost' | 'refunded' | 'cancelled';

export function statusGroup(status: DeliveryStatus): StatusGroup {
  switch (status) {
    case 'scheduled':
    case 'open':
      return 'pending';
    case 'settling':
      return 'closing';
    case 'won':
      return 'won';
    case 'lost':
      return 'lost';
    case 'draw':
    case 'refunded':
      return 'refunded';
    case 'cancelled':
      return 'cancelled';
  }
}

/** Still running: shown under Position orders, not yet under History orders. */
export function isActive(status: DeliveryStatus): boolean {
  return status === 'scheduled' || status === 'open' || status === 'settling';
}

/** Settled or cancelled: the result will not change any more. */
export function isFinal(status: DeliveryStatus): boolean {
  return !isActive(status);
}

/** amount × yield rounded down to the cent: the server's payout rule (@nexa/rules); null until the amount is positive. */
export { expectedProfit } from '@nexa/rules';

/** "0.8" → "80", "0.855" → "85.5": a yield as a percentage without trailing zeros. */
export function yieldPercent(yieldRate: string): string {
  const hundred = multiplyDecimal(yieldRate, '100', 4);
  if (hundred === null) return yieldRate;
  return hundred.replace(/\.?0+$/, '');
}

/** A period's short length: 30 → {value: 30, unit: 's'}, 180 → {value: 3, unit: 'm'}. */
export function periodLength(seconds: number): { value: number; unit: 's' | 'm' | 'h' } {
  if (seconds >= 3600 && seconds % 3600 === 0) return { value: seconds / 3600, unit: 'h' };
  if (seconds >= 60 && seconds % 60 === 0) return { value: seconds / 60, unit: 'm' };
  return { value: seconds, unit: 's' };
}

export type AmountProblem =
  | { kind: 'empty' }
  | { kind: 'notPositive' }
  | { kind: 'belowMin'; min: string }
  | { kind: 'aboveMax'; max: string }
  | { kind: 'insufficient' };

/**
 * What stops `amount` from being staked on `period` with `available` in the delivery wallet; null when nothing
 * does. `available` undefined: the balance is not known yet, so only the period's bounds are checked.
 */
export function checkAmount(
  amount: string,
  period: Pick<DeliveryPeriod, 'minStake' | 'maxStake'>,
  available: string | undefined,
): AmountProblem | null {
  if (amount === '') return { kind: 'empty' };
  if (!isPositiveAmount(amount)) return { kind: 'notPositive' };
  if (compareDecimal(amount, period.minStake) < 0) return { kind: 'belowMin', min: period.minStake };
  if (compareDecimal(amount, period.maxStake) > 0) return { kind: 'aboveMax', max: period.maxStake };
  if (available !== undefined && compareDecimal(amount, available) > 0) return { kind: 'insufficient' };
  return null;
}

/** What stops a confirmed draft: its stake (`checkAmount`), or its period no longer being offered. */
export type DraftProblem = AmountProblem | { kind: 'periodGone' };

/**
 * What stops a draft of `amount` on the `seconds` period from being placed now, against the product's periods as
 * last read (`periods`: operators may have changed the period's bounds, or removed it, since the draft was made)
 * and `available` in the delivery wallet; null when nothing does. The bounds are checked by `checkAmount`.
 */
export function checkDraft(
  amount: string,
  seconds: number,
  periods: readonly Pick<DeliveryPeriod, 'seconds' | 'minStake' | 'maxStake'>[],
  available: string | undefined,
): DraftProblem | null {
  const period = periods.find((p) => p.seconds === seconds);
  if (!period) return { kind: 'periodGone' };
  return checkAmount(amount, period, available);
}

/** Cuts a decimal string down (never up) to `decimals` places: "12.349" → "12.34". */
export function truncateDecimal(value: string, decimals: number): string {
  const [int = '0', frac = ''] = value.split('.');
  const kept = frac.slice(0, decimals).replace(/0+$/, '');
  return kept ? `${int}.${kept}` : int;
}

/** The largest stake possible now: the smaller of the period's maximum and the available balance. */
export function maxStakeFor(period: Pick<DeliveryPeriod, 'maxStake'>, available: string | undefined): string {
  if (available === undefined || signOf(available) <= 0) return truncateDecimal(period.maxStake, STAKE_DECIMALS);
  const smaller = compareDecimal(available, period.maxStake) < 0 ? available : period.maxStake;
  return truncateDecimal(smaller, STAKE_DECIMALS);
}

/** Quick amounts offered under the amount field: fixed steps that fit the period's bounds. */
export const QUICK_AMOUNTS = ['50', '100', '500'] as const;

export function fitsBounds(amount: string, period: Pick<DeliveryPeriod, 'minStake' | 'maxStake'>): boolean {
  return compareDecimal(amount, period.minStake) >= 0 && compareDecimal(amount, period.maxStake) <= 0;
}

export type Outcome = 'winning' | 'losing' | 'draw';

/** Where an open order stands at `price`: a call wins above the entry, a put below it, equal is a draw. */
export function outcomeAt(direction: Direction, entry: string, price: string): Outcome {
  const cmp = compareDecimal(price, entry);
  if (cmp === 0) return 'draw';
  return (direction === 'call') === cmp > 0 ? 'winning' : 'losing';
}

/** Milliseconds left until `expiresAt` on the server's clock (`offsetMs` = server − device). */
export function remainingMs(expiresAt: number, nowMs: number, offsetMs = 0): number {
  return Math.max(0, expiresAt - (nowMs + offsetMs));
}

/** "00:27", "02:59", "1:00:00": whole seconds, rounded up so 0.2 s left still reads 00:01. */
export function formatCountdown(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = String(m).padStart(2, '0');
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** Share of the period still to run, 0..1 (for the countdown ring). */
export function remainingShare(order: Pick<DeliveryOrder, 'seconds'>, remaining: number): number {
  const total = order.seconds * 1000;
  if (total <= 0) return 0;
  return Math.min(1, Math.max(0, remaining / total));
}

/**
 * The open-order list after an event about `order`: a running order is added or replaced (the list stays in
 * expiry order), a finished one leaves. An event older than what is held (by status progress) is ignored.
 */
export function applyOrderEvent(list: readonly DeliveryOrder[], order: DeliveryOrder): DeliveryOrder[] {
  const rest = list.filter((o) => o.id !== order.id);
  const held = list.find((o) => o.id === order.id);
  if (held && progress(held.status) > progress(order.status)) return [...list];
  if (!isActive(order.status)) return rest;
  return [...rest, order].sort((a, b) => a.expiresAt - b.expiresAt || compareIds(a.id, b.id));
}

/** Ids are decimal strings of up to 18 digits: compare them as numbers without a float. */
function compareIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

/** scheduled < open < settling < any final status: an order never moves backwards. */
export function progress(status: DeliveryStatus): number {
  if (status === 'scheduled') return 0;
  if (status === 'open') return 1;
  if (status === 'settling') return 2;
  return 3;
}

/** The newer of two views of one order (an event and a poll may cross). */
export function newerOrder(a: DeliveryOrder | undefined, b: DeliveryOrder): DeliveryOrder {
  if (!a) return b;
  return progress(b.status) >= progress(a.status) ? b : a;
}

/** A settled order's profit direction for colouring: +80.00 up, −100.00 down, 0.00 flat. */
export function profitDirection(profit: string | null): 'up' | 'down' | 'flat' {
  if (profit === null) return 'flat';
  const sign = signOf(profit);
  return sign > 0 ? 'up' : sign < 0 ? 'down' : 'flat';
}

/** Local midnight of the first day to local midnight after the last: the whole days picked in a date range. */
export function dayRange(first: Date, last: Date): { start: number; end: number } {
  const [a, b] = first.getTime() <= last.getTime() ? [first, last] : [last, first];
  return {
    start: new Date(a.getFullYear(), a.getMonth(), a.getDate()).getTime(),
    end: new Date(b.getFullYear(), b.getMonth(), b.getDate() + 1).getTime(),
  };
}
