import { ChosenProductView } from '@/components/market/chosen-product-view';
import { useChosenProduct } from '@/components/market/use-chosen-product';
import { Page } from '@/components/ui/page';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PerpHeaderActions } from '../components/header-actions';
import { LatestTrades } from '../components/latest-trades';
import { OrderBook } from '../components/order-book';
import { PerpTrading } from '../components/perp-trading';
import { useMarketDepth } from '../hooks/use-market-depth';
import '../components/perpetual.css';

/**
 * Perpetual tab (spec §2): the chosen product (session productType2) with live price, 24h figures and chart, the
 * order book (a tap fills the limit price) and latest trades, the order entry, and the Positions / Orders /
 * History orders / Trades tabs.
 */
export default function PerpetualPage() {
  const { t } = useTranslation();
  const chosen = useChosenProduct('perpetual');
  const { product } = chosen;
  const book = useMarketDepth(product?.symbol);
  const [picked, setPicked] = useState<{ price: string; at: number } | undefined>(undefined);
  return (
    <Page title={t('tabs.perpetual')} testId="perpetual-page" right={<PerpHeaderActions symbol={product?.symbol} />}>
      <div className="stack trade-stack">
        <ChosenProductView chosen={chosen} badge={t('perpetual.badge')} />
        <PerpTrading product={product} pickedPrice={picked} />
        {product ? (
          <>
            <OrderBook
              depth={book.depth}
              status={book.status}
              precision={product.pricePrecision}
              onRetry={book.retry}
              onPick={(price) => setPicked({ price, at: Date.now() })}
            />
            <LatestTrades
              trades={book.trades}
              status={book.status}
              precision={product.pricePrecision}
              onRetry={book.retry}
            />
          </>
        ) : null}
      </div>
    </Page>
  );
}
