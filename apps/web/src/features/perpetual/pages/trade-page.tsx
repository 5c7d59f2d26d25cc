import { ChosenProductView } from '@/components/market/chosen-product-view';
import { useChosenProduct } from '@/components/market/use-chosen-product';
import { Page } from '@/components/ui/page';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PerpTrading } from '../components/perp-trading';
import '../components/perpetual.css';

/**
 * perpetual/index1 (spec §2): the order-entry variant for one product: its header and chart, the order entry, and
 * positions, orders and trades of that product only, without the book and market trades. `?symbol=ETHUSDT` picks
 * the product (stored as the Perpetual tab's productType2, so the tab follows); otherwise the tab's product.
 */
export default function PerpetualTradePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const wanted = params.get('symbol')?.toUpperCase() ?? null;
  const chosen = useChosenProduct('perpetual');
  const { products, product, choose } = chosen;
  const known = Boolean(wanted && products.data?.some((p) => p.symbol === wanted));
  useEffect(() => {
    if (wanted && known) choose(wanted);
  }, [wanted, known, choose]);
  return (
    <Page title={t('perpetual.tradeTitle')} back testId="perp-trade-page">
      <div className="stack trade-stack">
        <ChosenProductView chosen={chosen} badge={t('perpetual.badge')} />
        <PerpTrading product={product} onlyThisProduct />
      </div>
    </Page>
  );
}
