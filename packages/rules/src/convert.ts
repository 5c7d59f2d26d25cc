import { SLIPPAGE_MAX_PERCENT } from '@nexa/contract';
import { type Money, Money as MoneyClass, fixed, money, parseDecimal } from './money.js';

/** Decimals a convert rate is kept with (rounded down, see `convertRate`). */
export const RATE_DECIMALS = 18;

/** `to` received per one `from`, from both USDT prices; rounded down: never more than the market gives. */
export const convertRate = (priceFrom: Money, priceTo: Money): Money =>
  priceFrom.div(priceTo).toDecimalPlaces(RATE_DECIMALS, MoneyClass.ROUND_DOWN);

/** What a convert of `amount` at `rate` credits: rounded down to the receiving currency's decimals. */
export const convertReceive = (amount: Money, rate: Money, scale: number): Money =>
  amount.times(rate).toDecimalPlaces(scale, MoneyClass.ROUND_DOWN);

/** The least rate a user agreed to: the quoted rate less the slippage (percent). A worse current rate is refused. */
export const slippageFloor = (quotedRate: Money, slippagePercent: Money): Money =>
  quotedRate.times(money(1).minus(slippagePercent.div(100)));

/** 1 − slippage/100 as a decimal string ("0.5" → "0.9950"); null unless 0–5 % with at most two decimals. */
export function slippageFactor(slippage: string): string | null {
  const s = slippage.trim();
  if (!/^\d{1,2}(?:\.\d{1,2})?$/.test(s) || money(s).gt(SLIPPAGE_MAX_PERCENT)) return null;
  return money(1).minus(money(s).div(100)).toFixed(4);
}

/**
 * The least a fill within `slippage` can give for a quote of `receive`, rounded down to the currency's scale: the
 * quoted receive less the slippage. Never more than the server credits at the worst rate it accepts
 * (`convertReceive` at `slippageFloor`), since the quoted receive was itself rounded down.
 */
export function minimumReceived(receive: string, slippage: string, scale: number): string | null {
  const factor = slippageFactor(slippage);
  const r = parseDecimal(receive);
  return factor && r ? fixed(r.times(factor), scale, MoneyClass.ROUND_DOWN) : null;
}
