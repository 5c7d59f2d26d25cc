import { ChosenProductView } from '@/components/market/chosen-product-view';
import { useChosenProduct } from '@/components/market/use-chosen-product';
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
  const chosen = useChosenProduct('delivery');
  const { product } = chosen;
  return (
    <Page title={t('tabs.futures')} testId="delivery-page" right={<FuturesHeaderActions />}>
      <div className="stack trade-stack">
        <ChosenProductView chosen={chosen} badge={t('futures.badge')} />
        <DeliveryTrading product={product} />
      </div>
    </Page>
  );
}
