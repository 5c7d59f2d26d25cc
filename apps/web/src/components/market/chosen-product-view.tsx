import { ProductChart } from '@/components/chart';
import { ErrorState } from '@/components/ui/error-state';
import { ProductHeader } from './product-header';
import type { useChosenProduct } from './use-chosen-product';

/**
 * The top of a trading screen: the chosen product's header (live price, the product picker) and its chart, or an
 * error with a retry when the catalogue could not be read.
 */
export function ChosenProductView({
  chosen: { products, product, choose },
  badge,
}: {
  chosen: ReturnType<typeof useChosenProduct>;
  badge: string;
}) {
  if (products.isError && !product) return <ErrorState onRetry={() => void products.refetch()} />;
  return (
    <>
      <ProductHeader product={product} products={products.data ?? []} onChoose={choose} badge={badge} />
      {product ? <ProductChart symbol={product.symbol} pricePrecision={product.pricePrecision} /> : null}
    </>
  );
}
