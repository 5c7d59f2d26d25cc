import { CURRENCIES, type Currency, QUOTE_CURRENCY } from '@nexa/contract';
import { type Money, money } from '../../ledger/index.js';

/** A currency's value in USDT and when it was observed (epoch ms). */
export interface UsdtQuote {
  price: Money;
  ts: number;
}

/** Where convert reads prices: the live market, or a test's own. */
export interface RateSource {
  usdtQuote(currency: Currency): UsdtQuote | undefined;
}

/** Something that knows the latest trade of a product, e.g. the market module. */
export interface LatestTicks {
  latestTick(symbol: string): { price: string; ts: number } | undefined;
}

/**
 * Live rates from the market's last tick of `<CURRENCY>USDT`. Stablecoins are at par and always current
 * (the platform treats them as interchangeable with the quote currency, as valuations do).
 */
export function marketRates(market: LatestTicks, now: () => Date): RateSource {
  return {
    usdtQuote(currency) {
      if (CURRENCIES[currency].stable) return { price: money(1), ts: now().getTime() };
      const tick = market.latestTick(`${currency}${QUOTE_CURRENCY}`);
      return tick ? { price: money(tick.price), ts: tick.ts } : undefined;
    },
  };
}
