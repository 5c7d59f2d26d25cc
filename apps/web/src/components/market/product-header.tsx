import { StaleBadge, staleClass, usePriceFreshness } from '@/components/ui/stale';
import { directionOf, formatChange, formatPrice } from '@/lib/market-format';
import { useTicker } from '@/lib/use-market';
import type { ProductSummary } from '@nexa/contract';
import { Skeleton } from 'antd-mobile';
import { DownFill } from 'antd-mobile-icons';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CoinBadge } from './coin-badge';
import { ProductPicker } from './product-picker';
import { useFlash } from './use-flash';

/**
 * The top of a trading tab: the product (tap to pick another from a sheet), its live price and 24h change.
 * `badge` names the contract kind beside the pair.
 */
export function ProductHeader({
  product,
  products,
  onChoose,
  badge,
}: {
  product: ProductSummary | undefined;
  products: readonly ProductSummary[];
  onChoose: (symbol: string) => void;
  badge?: ReactNode;
}) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  const closePicker = useCallback(() => setPicking(false), []);
  const live = useTicker(product?.symbol) ?? product;
  const flashRef = useFlash<HTMLSpanElement>(live?.price);
  const direction = directionOf(live?.change);
  const freshness = usePriceFreshness();
  if (!product || !live) {
    return (
      <section className="section product-header" data-testid="product-header" aria-busy="true">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={1} animated />
      </section>
    );
  }
  return (
    <section className="section product-header" data-testid="product-header" data-symbol={product.symbol}>
      <div className="product-header__top">
        <button
          type="button"
          className="product-header__pair"
          onClick={() => setPicking(true)}
          aria-haspopup="dialog"
          aria-label={t('market.selectProduct')}
          data-testid="product-picker"
        >
          <CoinBadge base={product.base} size={28} />
          <span className="product-header__symbol" dir="ltr">
            {product.base}/{product.quote}
          </span>
          <DownFill className="product-header__caret" />
        </button>
        {badge ? <span className="badge tone--accent">{badge}</span> : null}
      </div>
      <div className="product-header__quote">
        <span className={`product-header__price text-${direction}${staleClass(freshness)}`} dir="ltr">
          <span ref={flashRef} className="flash-target" data-testid="product-price">
            {formatPrice(live.price, product.pricePrecision)}
          </span>
        </span>
        <span
          className={`change-pill change-pill--${direction}${staleClass(freshness)}`}
          dir="ltr"
          data-testid="product-change"
        >
          {formatChange(live.change)}
        </span>
        <StaleBadge freshness={freshness} />
      </div>
      <p className="product-header__name">{product.name}</p>
      <ProductPicker
        visible={picking}
        products={products}
        value={product.symbol}
        onSelect={onChoose}
        onClose={closePicker}
      />
    </section>
  );
}
