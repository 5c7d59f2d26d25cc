import { formatAmount } from '@/lib/format';
import { CURRENCIES, type Message } from '@nexa/contract';
import type { TFunction } from 'i18next';

/**
 * Money parameters: written as every other amount in the app, with thousands separators and the message currency's
 * decimals (two for USDT, spec §9; a BTC withdrawal of 0.005 keeps its eight, never rounded to 0.01). A sign the
 * server wrote (an operator's credit, "+75.50") stays.
 */
const MONEY = new Set(['amount', 'stake', 'payout', 'pnl', 'share']);
const decimalsOf = (currency: string | undefined) =>
  currency && currency in CURRENCIES ? CURRENCIES[currency as keyof typeof CURRENCIES].scale : 2;
const QUOTES = ['USDT', 'USDC', 'USD'];

/** "BTCUSDT" → "BTC/USDT", as lists and pages write a pair (a message keeps only the symbol). */
export function pairOfSymbol(symbol: string): string {
  const quote = QUOTES.find((q) => symbol.endsWith(q) && symbol.length > q.length);
  return quote ? `${symbol.slice(0, -quote.length)}/${quote}` : symbol;
}

/** Parameters that are themselves words (a result, a side, a level, an account): shown in the reader's language. */
const WORDS: Record<string, (t: TFunction, v: string) => string> = {
  result: (t, v) => t(`messages.results.${v}`, { defaultValue: v }),
  side: (t, v) => t(`messages.sides.${v}`, { defaultValue: v }),
  level: (t, v) => t(`messages.levels.${v}`, { defaultValue: v }),
  mode: (t, v) => t(`mine.mode.${v}`, { defaultValue: v }),
  wallet: (t, v) => t(`wallets.${v}`, { defaultValue: v }),
  reason: (t, v) => v || t('messages.noReason'),
  why: (t, v) => t(`messages.refundReasons.${v}`, { defaultValue: v }),
};

/**
 * A message in the reader's language, rendered now from its kind and parameters (never stored as text), so a
 * language change re-renders old messages too.
 */
export function messageText(t: TFunction, m: Pick<Message, 'kind' | 'params'>) {
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(m.params)) {
    if (WORDS[k]) params[k] = WORDS[k](t, v);
    else if (MONEY.has(k) && /^[+-]?\d+(\.\d+)?$/.test(v))
      params[k] = (v.startsWith('+') ? '+' : '') + formatAmount(v, decimalsOf(m.params.currency));
    else if (k === 'symbol') params[k] = pairOfSymbol(v);
    else params[k] = v;
  }
  if (!('reason' in params)) params.reason = t('messages.noReason');
  return {
    title: t(`messages.kinds.${m.kind}.title`),
    body: t(`messages.kinds.${m.kind}.body`, { ...params, interpolation: { escapeValue: false } }),
  };
}
