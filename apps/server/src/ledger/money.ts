import { CURRENCIES, type Currency } from '@nexa/contract';
import Decimal from 'decimal.js';

/**
 * Money in TypeScript is a Decimal (never a JS number), carried as a string on the wire and NUMERIC in SQL.
 * Rounding is always explicit: amounts a user receives are rounded down to the currency's scale, amounts a
 * user pays are rounded up.
 */
export const Money = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_DOWN, toExpNeg: -40, toExpPos: 40 });
export type Money = Decimal;

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
