import { type Money, Money as MoneyClass, type MoneyValue, money } from './money.js';

/**
 * The withdrawal fee (spec §2 Withdraw): amount × percent ÷ 100 at the currency's scale, rounded up (the user pays
 * it, and a fee never rounds below the platform's percentage). The server freezes amount + this fee.
 */
export const withdrawalFee = (amount: Money, percent: MoneyValue, scale: number): Money =>
  amount.times(percent).div(100).toDecimalPlaces(scale, MoneyClass.ROUND_UP);

// ——— Previews on what the withdrawal form holds: non-negative decimal strings, cut (not rounded) to the scale. ———

const NON_NEGATIVE = /^\d+(?:\.\d+)?$/;

/** A non-negative decimal string cut down to `scale` decimals; null when malformed. */
function cut(value: string, scale: number): Money | null {
  const v = value.trim();
  return NON_NEGATIVE.test(v) ? money(v).toDecimalPlaces(scale, MoneyClass.ROUND_DOWN) : null;
}

/** The fee the server will charge on `amount` (`withdrawalFee`), as text at the scale; null when malformed. */
export function withdrawalFeePreview(amount: string, percent: string, scale: number): string | null {
  const a = cut(amount, scale);
  if (a === null || !NON_NEGATIVE.test(percent.trim())) return null;
  return withdrawalFee(a, percent.trim(), scale).toFixed(scale);
}

/** amount + fee: what is frozen while the withdrawal is reviewed. */
export function withdrawalTotalPreview(amount: string, percent: string, scale: number): string | null {
  const a = cut(amount, scale);
  const fee = withdrawalFeePreview(amount, percent, scale);
  if (a === null || fee === null) return null;
  return a.plus(fee).toFixed(scale);
}

/** The largest amount whose amount + fee fits in `available` ("All"); "0" at the scale when nothing fits. */
export function maxWithdrawable(available: string, percent: string, scale: number): string {
  const avail = cut(available, scale);
  const p = percent.trim();
  if (avail === null || !NON_NEGATIVE.test(p) || avail.lte(0)) return money(0).toFixed(scale);
  // amount ≤ available ÷ (1 + percent/100): start there and step down while the rounded-up fee overshoots.
  const step = money(1).div(money(10).pow(scale));
  let amount = avail.div(money(1).plus(money(p).div(100))).toDecimalPlaces(scale, MoneyClass.ROUND_DOWN);
  while (amount.gt(0) && amount.plus(withdrawalFee(amount, p, scale)).gt(avail)) amount = amount.minus(step);
  return (amount.gt(0) ? amount : money(0)).toFixed(scale);
}
