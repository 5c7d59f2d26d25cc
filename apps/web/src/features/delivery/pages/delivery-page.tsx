import { ProductChart } from '@/components/chart';
import { ProductHeader } from '@/components/market/product-header';
import { useChosenProduct } from '@/components/market/use-chosen-product';
import { ErrorState } from '@/components/ui/error-state';
import { Page } from '@/components/ui/page';
import { useTranslation } from 'react-i18next';
import { DeliveryTrading } from '../components/delivery-trading';
import { FuturesHeaderActions } from '../components/header-actions';

/**
 * Futures (delivery) tab: the chosen product (session productType1) with its live price and chart, then the
 * call/put order entry and the order tabs; the header icons lead to the history and the rules.
 */
export default function DeliveryPage() {
  const { t } = useTranslation();
  const { products, product, choose } = useChosenProduct('delivery');
  return (
    <Page title={t('tabs.futures')} testId="delivery-page" right={<FuturesHeaderActions />}>
      <div className="stack trade-stack">
        {products.isError && !product ? (
          <ErrorState onRetry={() => void products.refetch()} />
        ) : (
          <>
            <ProductHeader
              product={product}
              products={products.data ?? []}
              onChoose={choose}
              badge={t('futures.badge')}
            />
            {product ? <ProductChart symbol={product.symbol} pricePrecision={product.pricePrecision} /> : null}
          </>
        )}
        <DeliveryTrading product={product} />
      </div>
    </Page>
  );
}
