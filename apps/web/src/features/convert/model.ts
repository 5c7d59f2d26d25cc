import { compareDecimal, isPositiveAmount, sanitizeAmountInput } from '@/lib/decimal';
import { formatAmount } from '@/lib/format';
import { type SdSubmitBody, Slippage } from '@nexa/contract';
/**
 * Convert rules the screen applies before any call (spec §5, §9): what may be submitted, the slippage range and
 * the worst amount a fill within it can give (@nexa/rules). Amounts stay decimal strings, never JS numbers.
 */
import { money } from '@nexa/rules';

/** The preset slippages (percent); any other value in the range is a custom one. */
export const SLIPPAGE_PRESETS = ['0.1', '0.5', '1', '3'] as const;

/** How often the quote is read again while the page is open. */
export const QUOTE_REFRESH_MS = 5_000;
/** How long the amount must rest before it is quoted. */
export const QUOTE_DEBOUNCE_MS = 400;

export type SlippageError = 'convert.slippageRequired' | 'convert.slippageRange';
export type AmountError = 'validation.amount' | 'convert.amountPositive' | 'convert.insufficient';

/** null when `value` is a slippage the server takes (0 to 5 %, at most two decimals). */
export function checkSlippage(value: string): SlippageError | null {
  if (value.trim() === '') return 'convert.slippageRequired';
  return Slippage.safeParse(value).success ? null : 'convert.slippageRange';
}

/** What a slippage field keeps of a typed decimal: two decimals, two integer digits (the amount fields' rule). */
export function sanitizeSlippageInput(raw: string): string {
  return sanitizeAmountInput(raw, 2, 2);
}

export function checkAmount(amount: string, available: string | undefined): AmountError | null {
  if (amount === '') return 'validation.amount';
  if (!isPositiveAmount(amount)) return 'convert.amountPositive';
  if (available !== undefined && compareDecimal(amount, available) > 0) return 'convert.insufficient';
  return null;
}

/**
 * What the amount field says while the user types, before any submit: only more than the wallet holds (a field
 * still empty or "0." is on its way somewhere, not wrong). The rest is said on submit (`checkAmount`).
 */
export function liveAmountProblem(amount: string, available: string | undefined): AmountError | null {
  return checkAmount(amount, available) === 'convert.insufficient' ? 'convert.insufficient' : null;
}

/** The worst receive a slippage allows: @nexa/rules, beside the rules the server converts with. */
export { minimumReceived, slippageFactor } from '@nexa/rules';

/** Significant digits a rate is shown with: the server's rates carry up to 18 decimals. */
const RATE_DIGITS = 8;

/**
 * A rate for reading, with thousands separators: from 100 up, two decimals like every amount ("64732.1234" →
 * "64,732.12", as an exchange quotes BTC in USDT); below, 8 significant digits and at least 2 decimals, so a small
 * rate keeps its precision ("1.0001", "0.000015444437631731" → "0.000015444438"). Only for display; the exact rate
 * is what gets submitted.
 */
/**
 * A rate the natural way round (spec: `1 BTC ≈ 64,512.30 USDT`): the currency worth more first. `rate` is how much
 * of `to` one `from` buys; below 1 the sentence turns round and shows its inverse.
 */
export function rateText(from: string, to: string, rate: string, sign: '≈' | '=' = '≈'): string {
  const r = money(rate);
  if (r.isZero() || r.gte(1)) return `1 ${from} ${sign} ${formatRate(rate)} ${to}`;
  return `1 ${to} ${sign} ${formatRate(money(1).div(r).toFixed(8))} ${from}`;
}

export function formatRate(rate: string): string {
  const match = /^(\d+)(?:\.(\d*))?$/.exec(rate.trim());
  if (!match) return rate;
  const int = (match[1] ?? '0').replace(/^0+(?=\d)/, '');
  const frac = match[2] ?? '';
  let decimals: number;
  if (int.length >= 3) decimals = 2;
  else if (int !== '0') decimals = Math.max(2, RATE_DIGITS - int.length);
  else {
    const zeros = /^0*/.exec(frac)?.[0].length ?? 0;
    decimals = zeros === frac.length ? 2 : zeros + RATE_DIGITS;
  }
  return formatAmount(rate, Math.min(decimals, Math.max(frac.length, 2)));
}

/** Everything of a submission but its requestId. */
export type ConvertOrder = Omit<SdSubmitBody, 'requestId'>;
