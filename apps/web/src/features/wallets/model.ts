/** Pure rules of the Assets screens, tested in model.test.ts. */
import { signOf } from '@/lib/decimal';
import { type Currency, type MoneyLog, type TransferTypeData, WALLETS, type Wallet } from '@nexa/contract';

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

/**
 * What an account change shows: the change of the available balance (what "Available after" sums), and apart from
 * it the change of the frozen amount. A hold is available −100 with frozen +100; a stake lost or a withdrawal paid
 * out of the hold is frozen −100 alone, and must not read as a second debit of the available balance; a release is
 * available +100 with frozen −100. Null where that balance did not move (an adjustment of 0 shows available 0).
 */
export function changeFigures(log: Pick<MoneyLog, 'amount' | 'frozenChange'>): {
  available: string | null;
  frozen: string | null;
} {
  const frozen = signOf(log.frozenChange) === 0 ? null : log.frozenChange;
  const available = signOf(log.amount) === 0 && frozen !== null ? null : log.amount;
  return { available, frozen };
}
