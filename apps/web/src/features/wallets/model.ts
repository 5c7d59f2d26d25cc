/** Pure rules of the Assets screens, tested in model.test.ts. */
import { type Currency, type TransferTypeData, WALLETS, type Wallet } from '@nexa/contract';

export function isWallet(value: string | null | undefined): value is Wallet {
  return typeof value === 'string' && (WALLETS as readonly string[]).includes(value);
}

/** The first wallet other than `wallet`, in the spec's order. */
export function otherWallet(wallet: Wallet): Wallet {
  return WALLETS.find((w) => w !== wallet) ?? 'delivery';
}

/** Currencies a transfer from `from` to `to` may move: those both wallets hold. */
export function transferCurrencies(types: TransferTypeData | undefined, from: Wallet, to: Wallet): Currency[] {
  if (!types) return [];
  const held = (wallet: Wallet) => types.wallets.find((w) => w.wallet === wallet)?.currencies ?? [];
  const toHolds = new Set(held(to));
  return held(from).filter((c) => toHolds.has(c));
}

/** `$1,234.00`, `-$5.00`, `+HK$3.00`: a formatted figure behind its denomination symbol, the sign in front. */
export function withSymbol(symbol: string, formatted: string): string {
  const sign = formatted.startsWith('-') || formatted.startsWith('+') ? formatted[0] : '';
  return `${sign}${symbol}${sign ? formatted.slice(1) : formatted}`;
}

/** Demo assets are claimed once per calendar month, counted in UTC as the server counts them. */
export function monthStartUtcMs(nowMs: number): number {
  const d = new Date(nowMs);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

export function nextMonthStartUtcMs(nowMs: number): number {
  const d = new Date(nowMs);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

/** A picked range of calendar days as the API wants it: start of the first day, start of the day after the last. */
export function dayRangeMs(first: Date, last: Date): { start: number; end: number } {
  const [a, b] = first.getTime() <= last.getTime() ? [first, last] : [last, first];
  const start = new Date(a.getFullYear(), a.getMonth(), a.getDate()).getTime();
  const end = new Date(b.getFullYear(), b.getMonth(), b.getDate() + 1).getTime();
  return { start, end };
}
