import { CURRENCIES, type Currency, QUOTE_CURRENCY } from '@nexa/contract';
import { type Money, money } from '../../ledger/index.js';
import type { Executor } from '../../platform/db.js';

/** A currency's value in USDT and when it was observed (epoch ms). */
export interface UsdtQuote {
  price: Money;
  ts: number;
}

/** Where convert reads prices: the live market, or a test's own. */
export interface RateSource {
  /** `ex`: where a stored price is read when the node heard none lately (the caller's transaction, if any). */
  usdtQuote(currency: Currency, ex: Executor, maxAgeMs: number): Promise<UsdtQuote | undefined>;
}

/** Something that knows the current price of a product, e.g. the market module (`MarketService.currentTick`). */
export interface CurrentTicks {
  currentTick(
    symbol: string,
    ex: Executor,
    maxAgeMs: number,
    now: number,
  ): Promise<{ price: string; ts: number } | undefined>;
}

/**
 * Live rates from the market's current tick of `<CURRENCY>USDT` (stored ticks when the bus is down or slow).
 * Stablecoins are at par and always current (the platform treats them as interchangeable with the quote
 * currency, as valuations do).
 */
export function marketRates(market: CurrentTicks, now: () => Date): RateSource {
  return {
    async usdtQuote(currency, ex, maxAgeMs) {
      if (CURRENCIES[currency].stable) return { price: money(1), ts: now().getTime() };
      const tick = await market.currentTick(`${currency}${QUOTE_CURRENCY}`, ex, maxAgeMs, now().getTime());
      return tick ? { price: money(tick.price), ts: tick.ts } : undefined;
    },
  };
}
