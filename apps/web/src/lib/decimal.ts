/**
 * Decimal strings as the API sends them ("10000.00", "-2500.00", "0.00012345"), handled on their digits with
 * bigint: never through a JS number (ARCHITECTURE §2 rule 4). Only what the screens need: compare, multiply
 * for a display value, and clean up what a user types into an amount field.
 */

const DECIMAL = /^([+-]?)(\d+)(?:\.(\d+))?$/;

interface Scaled {
  /** The value times 10^scale. */
  units: bigint;
  scale: number;
}

function parse(value: string): Scaled | null {
  const match = DECIMAL.exec(value.trim());
  if (!match) return null;
  const frac = match[3] ?? '';
  const units = BigInt(`${match[2]}${frac}`);
  return { units: match[1] === '-' ? -units : units, scale: frac.length };
}

function rescale(v: Scaled, scale: number): bigint {
  return v.units * 10n ** BigInt(scale - v.scale);
}

function toText(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  const frac = scale > 0 ? `.${digits.slice(digits.length - scale)}` : '';
  return `${negative ? '-' : ''}${int}${frac}`;
}

/** True for a well-formed decimal string ("12", "0.5", "-3.25"; not "", ".5", "1e3"). */
export function isDecimal(value: string): boolean {
  return parse(value) !== null;
}

/** -1, 0 or 1 as `a` is less than, equal to or greater than `b`. Malformed input compares as zero. */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  const x = parse(a) ?? { units: 0n, scale: 0 };
  const y = parse(b) ?? { units: 0n, scale: 0 };
  const scale = Math.max(x.scale, y.scale);
  const l = rescale(x, scale);
  const r = rescale(y, scale);
  return l < r ? -1 : l > r ? 1 : 0;
}

/** The sign of a decimal string: -1, 0 or 1. */
export function signOf(value: string): -1 | 0 | 1 {
  return compareDecimal(value, '0');
}

/** Digits after the point ("1.50" → 2). */
export function decimalPlaces(value: string): number {
  return parse(value)?.scale ?? 0;
}

/**
 * a × b with `scale` decimals, rounded toward zero (the server rounds display values down the same way), e.g. a
 * USDT value times a denomination's rate. Malformed input gives null.
 */
export function multiplyDecimal(a: string, b: string, scale = 2): string | null {
  const x = parse(a);
  const y = parse(b);
  if (!x || !y) return null;
  const product = x.units * y.units;
  const productScale = x.scale + y.scale;
  const units =
    productScale >= scale
      ? product / 10n ** BigInt(productScale - scale)
      : product * 10n ** BigInt(scale - productScale);
  return toText(units, scale);
}

/**
 * What an amount field keeps of what was typed or pasted: digits and one decimal point (a comma counts as one),
 * at most `maxDecimals` decimals and `maxIntDigits` integer digits, no leading zeros ("007" → "7", ".5" → "0.5").
 */
export function sanitizeAmountInput(raw: string, maxDecimals: number, maxIntDigits = 15): string {
  const cleaned = raw.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const dot = cleaned.indexOf('.');
  let int = dot === -1 ? cleaned : cleaned.slice(0, dot);
  let frac = dot === -1 ? null : cleaned.slice(dot + 1).replace(/\./g, '');
  int = int.replace(/^0+(?=\d)/, '').slice(0, maxIntDigits);
  if (frac !== null && int === '') int = '0';
  if (maxDecimals <= 0) frac = null;
  else if (frac !== null) frac = frac.slice(0, maxDecimals);
  return frac === null ? int : `${int}.${frac}`;
}

/** A positive amount a user may submit: "12", "0.5" (not "", "0", "0.00", "1."). */
export function isPositiveAmount(value: string): boolean {
  return /^\d+(\.\d+)?$/.test(value) && signOf(value) > 0;
}
