/**
 * Exact decimal arithmetic for the perpetual previews (margin, fee, liquidation price, PnL): decimal strings on
 * their digits with bigint, never a JS number (ARCHITECTURE §2 rule 4). lib/decimal.ts only compares and
 * multiplies; the contract's formulas also divide (by the leverage, by lots × contract size), so this file adds
 * what they need, with the rounding spelled out at each use.
 */

const DECIMAL = /^([+-]?)(\d+)(?:\.(\d+))?$/;

/** units × 10^-scale. */
export interface Exact {
  units: bigint;
  scale: number;
}

export type Rounding = 'down' | 'up' | 'halfUp';

export function exact(value: string): Exact | null {
  const match = DECIMAL.exec(value.trim());
  if (!match) return null;
  const frac = match[3] ?? '';
  const units = BigInt(`${match[2]}${frac}`);
  return { units: match[1] === '-' ? -units : units, scale: frac.length };
}

/** Like `exact`, for values the caller already checked; malformed input counts as zero. */
export function exactOr0(value: string): Exact {
  return exact(value) ?? { units: 0n, scale: 0 };
}

const pow10 = (n: number) => 10n ** BigInt(n);

function align(a: Exact, b: Exact): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale);
  return [a.units * pow10(scale - a.scale), b.units * pow10(scale - b.scale), scale];
}

export function add(a: Exact, b: Exact): Exact {
  const [x, y, scale] = align(a, b);
  return { units: x + y, scale };
}

export function sub(a: Exact, b: Exact): Exact {
  const [x, y, scale] = align(a, b);
  return { units: x - y, scale };
}

export function mul(a: Exact, b: Exact): Exact {
  return { units: a.units * b.units, scale: a.scale + b.scale };
}

export function cmp(a: Exact, b: Exact): -1 | 0 | 1 {
  const [x, y] = align(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Integer division of bigints rounded as asked (toward zero = down, away from zero = up, half away = halfUp). */
function divideUnits(n: bigint, d: bigint, rounding: Rounding): bigint {
  const negative = n < 0n !== d < 0n;
  const an = n < 0n ? -n : n;
  const ad = d < 0n ? -d : d;
  let q = an / ad;
  const r = an % ad;
  if (r !== 0n) {
    if (rounding === 'up') q += 1n;
    else if (rounding === 'halfUp' && r * 2n >= ad) q += 1n;
  }
  return negative ? -q : q;
}

/** a ÷ b with `scale` decimals; null when b is zero. */
export function div(a: Exact, b: Exact, scale: number, rounding: Rounding): Exact | null {
  if (b.units === 0n) return null;
  // a/b = (a.units / 10^a.scale) / (b.units / 10^b.scale); result units = that × 10^scale.
  const shift = scale + b.scale - a.scale;
  const n = shift >= 0 ? a.units * pow10(shift) : a.units;
  const d = shift >= 0 ? b.units : b.units * pow10(-shift);
  return { units: divideUnits(n, d, rounding), scale };
}

/** `a` at `scale` decimals, rounded as asked. */
export function round(a: Exact, scale: number, rounding: Rounding): Exact {
  if (a.scale <= scale) return { units: a.units * pow10(scale - a.scale), scale };
  return { units: divideUnits(a.units, pow10(a.scale - scale), rounding), scale };
}

/** "12.50", "-0.03": the value with exactly its scale's decimals. */
export function text(a: Exact): string {
  const negative = a.units < 0n;
  const digits = (negative ? -a.units : a.units).toString().padStart(a.scale + 1, '0');
  const int = digits.slice(0, digits.length - a.scale);
  const frac = a.scale > 0 ? `.${digits.slice(digits.length - a.scale)}` : '';
  return `${negative ? '-' : ''}${int}${frac}`;
}

/** The value as a whole number rounded down (for lot counts). */
export function floorInt(a: Exact): bigint {
  const q = a.units / pow10(a.scale);
  return a.units < 0n && q * pow10(a.scale) !== a.units ? q - 1n : q;
}
