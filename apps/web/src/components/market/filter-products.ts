import { CATEGORIES, type Category, type ProductSummary } from '@nexa/contract';

/** A product list's category filter: every category, or one. */
export type CategoryFilter = Category | 'all';
export const CATEGORY_FILTERS: readonly CategoryFilter[] = ['all', ...CATEGORIES];

/**
 * Products matching a search and a category, as the server's `keyword` reads it (symbol, base or name contain
 * it, case-insensitive; "eth/usdt" and "eth-usdt" read as "ethusdt"). Symbol matches come first.
 */
export function filterProducts(
  list: readonly ProductSummary[],
  keyword: string,
  category: CategoryFilter = 'all',
): ProductSummary[] {
  const inCategory = category === 'all' ? list : list.filter((p) => p.category === category);
  const kw = keyword
    .trim()
    .toUpperCase()
    .replace(/[\s/_-]+/g, '');
  if (!kw) return [...inCategory];
  const bySymbol: ProductSummary[] = [];
  const byName: ProductSummary[] = [];
  for (const p of inCategory) {
    if (p.symbol.includes(kw) || p.base.includes(kw)) bySymbol.push(p);
    else if (
      p.name
        .toUpperCase()
        .replace(/[\s/_-]+/g, '')
        .includes(kw)
    )
      byName.push(p);
  }
  return [...bySymbol, ...byName];
}
