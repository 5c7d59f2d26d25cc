import { QUOTE_CURRENCY } from '@nexa/contract';
import { type Money, type MoneyValue, ZERO, formatAmount, isPositiveAmount, money, parseDecimal } from './money.js';

/** What a win adds to the stake: stake × yield, rounded down to the cent (the house keeps the dust). */
export const deliveryProfit = (stake: Money, yieldRate: MoneyValue): Money =>
  money(formatAmount(stake.times(yieldRate), QUOTE_CURRENCY));

export type DeliveryResult = 'won' | 'lost' | 'draw' | 'refunded';

/**
 * What a settled order pays back (ARCHITECTURE §4): a win the stake plus its profit, a loss nothing, a draw or a
 * refund the stake. `profit` is what a win adds (zero otherwise).
 */
export function deliveryPayout(result: DeliveryResult, stake: Money, yieldRate: MoneyValue) {
  const profit = result === 'won' ? deliveryProfit(stake, yieldRate) : ZERO;
  const payout = result === 'lost' ? ZERO : stake.plus(profit);
  return { profit, payout };
}

/** The profit a screen shows before staking (`deliveryProfit`); null until the amount is a positive number. */
export function expectedProfit(amount: string, yieldRate: string): string | null {
  const y = parseDecimal(yieldRate);
  if (!isPositiveAmount(amount) || !y) return null;
  return deliveryProfit(money(amount), y).toFixed(2);
}
