/**
 * Market figures for display: prices at the product's precision (on the digits, never through a float), 24h
 * changes with sign and %, and big turnovers compact in the interface language ("1.2B", "12亿"). Turnover is the
 * one figure that goes through a number: it is rounded to three significant digits for the eye anyway.
 */
import { formatAmount } from './format';

export type Direction = 'up' | 'down' | 'flat';

/** A price at `precision` decimals with thousands separators ("67,012.50"); "--" when there is none yet. */
export function formatPrice(value: string | undefined | null, precision: number): string {
  if (value === undefined || value === null || value === '') return '--';
  return formatAmount(value, Math.max(0, Math.min(precision, 12)));
}

function normaliseSign(value: string): string {
  return value.trim().replace(/^\u2212/, '-');
}

/** The direction of a signed decimal string (a change, a difference). */
export function directionOf(value: string | undefined | null): Direction {
  if (!value) return 'flat';
  const v = normaliseSign(value);
  if (!/^[+-]?\d*(\.\d+)?$/.test(v) || /^[+-]?0*(\.0*)?$/.test(v)) return 'flat';
  return v.startsWith('-') ? 'down' : 'up';
}

/** A 24h change in percent: "+3.70%", "-3.70%", "0.00%". */
export function formatChange(value: string | undefined | null): string {
  if (value === undefined || value === null || value === '') return '--';
  const v = normaliseSign(value);
  const direction = directionOf(v);
  const text = formatAmount(v.replace(/^[+-]/, ''), 2);
  if (direction === 'flat') return `${text.replace(/^-/, '')}%`;
  return `${direction === 'down' ? '-' : '+'}${text}%`;
}

const compactCache = new Map<string, Intl.NumberFormat>();

/**
 * A big figure compact in the interface language (`locale` is a BCP 47 tag): "1.2B", "12.3M", "987.65" in
 * English, "12亿" in Chinese. Digits stay Latin in every language, like the prices beside them.
 */
export function formatCompact(value: string | undefined | null, locale: string): string {
  if (value === undefined || value === null || value === '') return '--';
  const n = Number(normaliseSign(value));
  if (!Number.isFinite(n)) return value;
  let format = compactCache.get(locale);
  if (!format) {
    try {
      format = new Intl.NumberFormat(locale, {
        notation: 'compact',
        maximumFractionDigits: 1,
        numberingSystem: 'latn',
      });
    } catch {
      format = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });
    }
    compactCache.set(locale, format);
  }
  return format.format(n);
}

/** "BTC/USDT" from a product's base and quote. */
export function pairLabel(product: { base: string; quote: string }): string {
  return `${product.base}/${product.quote}`;
}
