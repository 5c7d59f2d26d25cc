import { CURRENCIES, type Currency } from '@nexa/contract';
import Decimal from 'decimal.js';

/**
 * The one decimal of the platform, server and web alike (docs/decisions.md, "One copy of each money rule").
 * Money in TypeScript is a Decimal (never a JS number), carried as a string on the wire and NUMERIC in SQL.
 * Rounding is always explicit: amounts a user receives are rounded down to the currency's scale, amounts a
 * user pays are rounded up.
 */
export const Money = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_DOWN, toExpNeg: -40, toExpPos: 40 });
export type Money = Decimal;
export type MoneyValue = Decimal.Value;

export const ZERO = new Money(0);

export const money = (value: Decimal.Value) => new Money(value);

export const scaleOf = (currency: Currency) => CURRENCIES[currency].scale;

/** True when `amount` has no more decimals than the currency allows. */
export const fitsScale = (amount: Money, currency: Currency) => amount.decimalPlaces() <= scaleOf(currency);

/** The amount as a fixed-point string at the currency's scale (rounded down). */
export const formatAmount = (amount: Decimal.Value, currency: Currency) =>
  new Money(amount).toFixed(scaleOf(currency), Money.ROUND_DOWN);

/** A display figure (totals, values) with 2 decimals, rounded down. */
export const format2 = (amount: Decimal.Value) => new Money(amount).toFixed(2, Money.ROUND_DOWN);

/**
 * `value` with exactly `decimals` decimals, rounded as asked. Rounded before printing so a negative value that
 * rounds to zero prints "0.00", never "-0.00".
 */
export const fixed = (value: Money, decimals: number, rounding: Decimal.Rounding) =>
  value.toDecimalPlaces(decimals, rounding).toFixed(decimals);

// ——— Decimal strings as the API sends them ("10000.00", "-2500.00"): what the screens read and compare. ———

/** The form amounts take on the wire and in a field: digits, an optional point with digits, an optional sign. */
const DECIMAL = /^[+-]?\d+(?:\.\d+)?$/;

/** True for a well-formed decimal string ("12", "0.5", "-3.25"; not "", ".5", "1e3"). */
export const isDecimal = (value: string) => DECIMAL.test(value.trim());

/** The decimal of a well-formed string, else null (Decimal itself would also take "1e3", ".5" or "Infinity"). */
export const parseDecimal = (value: string | undefined | null): Money | null =>
  value != null && isDecimal(value) ? new Money(value.trim()) : null;

/** Like `parseDecimal`, for values the caller already checked: malformed input counts as zero. */
export const decimalOr0 = (value: string | undefined | null): Money => parseDecimal(value) ?? ZERO;

/** -1, 0 or 1 as `a` is less than, equal to or greater than `b`. Malformed input compares as zero. */
export const compareDecimal = (a: string, b: string) => decimalOr0(a).cmp(decimalOr0(b)) as -1 | 0 | 1;

/** The sign of a decimal string: -1, 0 or 1 (malformed: 0). */
export const signOf = (value: string) => compareDecimal(value, '0');

/** Digits after the point as written ("1.50" → 2): the scale the server sent, not the value's. */
export const decimalPlaces = (value: string) =>
  isDecimal(value) ? (/\.(\d+)$/.exec(value.trim())?.[1]?.length ?? 0) : 0;

/** a × b with `scale` decimals, rounded toward zero (the server rounds display values down the same way). */
export function multiplyDecimal(a: string, b: string, scale = 2): string | null {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  return x && y ? fixed(x.times(y), scale, Money.ROUND_DOWN) : null;
}

/** A positive amount a user may submit: "12", "0.5" (not "", "0", "0.00", "1.", "-1"). */
export const isPositiveAmount = (value: string) => /^\d+(\.\d+)?$/.test(value) && signOf(value) > 0;

/**
 * What an account change shows, in the user's app and the operator console alike: the change of the available
 * balance (what "Available after" sums), and apart from it the change of the frozen amount. A hold is available −100
 * with frozen +100; a stake lost or a withdrawal paid out of the hold is frozen −100 alone, and must not read as a
 * second debit of the available balance; a release is available +100 with frozen −100. Null where that balance did
 * not move (an adjustment of 0 shows available 0).
 */
export function changeFigures(change: { amount: string; frozenChange: string }): {
  available: string | null;
  frozen: string | null;
} {
  const frozen = signOf(change.frozenChange) === 0 ? null : change.frozenChange;
  const available = signOf(change.amount) === 0 && frozen !== null ? null : change.amount;
  return { available, frozen };
}
