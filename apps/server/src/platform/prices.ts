import { CURRENCIES, type Currency } from '@nexa/contract';
import { type Money, money } from '@nexa/rules';

/** What one unit of a currency is worth in USDT, for valuations; undefined when no price is known. */
export interface PriceSource {
  usdtPrice(currency: Currency): Money | undefined;
}

/**
 * Stablecoins at par. Other currencies get their price from the market data module once it runs; until
 * then they are left out of valuations rather than guessed.
 */
export const stablecoinPrices: PriceSource = {
  usdtPrice: (currency) => (CURRENCIES[currency].stable ? money(1) : undefined),
};
