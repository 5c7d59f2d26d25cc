import type { OverviewData, ProductSummary } from '@nexa/contract';
import { money } from '@nexa/rules';

/** Larger first by `pick`, then by symbol: the same figures always give the same order. */
const descending = (pick: (p: ProductSummary) => string) => (a: ProductSummary, b: ProductSummary) =>
  money(pick(b)).comparedTo(money(pick(a))) || (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0);

/**
 * Home's rankings (spec §2): gainers are the products up over 24 h, most first; losers those down, most first;
 * turnover every product by 24 h turnover. Decimal comparison, ties by symbol, so rows keep their places between
 * refreshes unless the figures really changed order.
 */
export function rankings(all: readonly ProductSummary[]): OverviewData {
  const byChange = [...all].sort(descending((p) => p.change));
  return {
    gainers: byChange.filter((p) => money(p.change).gt(0)),
    losers: byChange.filter((p) => money(p.change).lt(0)).reverse(),
    turnover: [...all].sort(descending((p) => p.turnover)),
  };
}
