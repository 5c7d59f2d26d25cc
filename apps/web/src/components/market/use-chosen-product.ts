import { useSession } from '@/lib/session-store';
import { useProducts } from '@/lib/use-market';
import type { ProductSummary } from '@nexa/contract';

/** The product a trading tab opens with before the user picked one. */
export const DEFAULT_SYMBOL = 'BTCUSDT';

/**
 * The product a trading tab shows: the session's `productType1` (delivery/futures) or `productType2`
 * (perpetual), the spec's session values, falling back to BTCUSDT (or the first product) when unset or delisted.
 */
export function useChosenProduct(kind: 'delivery' | 'perpetual') {
  const products = useProducts();
  const stored = useSession((s) => (kind === 'delivery' ? s.productType1 : s.productType2));
  const choose = useSession((s) => (kind === 'delivery' ? s.setProductType1 : s.setProductType2));
  const list = products.data ?? [];
  const product: ProductSummary | undefined =
    list.find((p) => p.symbol === stored) ?? list.find((p) => p.symbol === DEFAULT_SYMBOL) ?? list[0];
  return { products, product, choose };
}
