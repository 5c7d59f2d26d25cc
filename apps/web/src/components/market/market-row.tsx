import { StaleBadge, staleClass, usePriceFreshness } from '@/components/ui/stale';
import { directionOf, formatChange, formatCompact, formatPrice } from '@/lib/market-format';
import { useInView } from '@/lib/use-in-view';
import { useTicker } from '@/lib/use-market';
import type { ProductSummary } from '@nexa/contract';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { CoinBadge } from './coin-badge';
import { useFlash } from './use-flash';
import { useNumberLocale } from './use-number-locale';
import './market.css';

export interface MarketRowProps {
  product: ProductSummary;
  /** `rank-row`, `market-row`, `product-option-<SYMBOL>` … */
  testId: string;
  onSelect: (symbol: string) => void;
  selected?: boolean;
}

/**
 * One product in a list: pair and 24h turnover, live price (flashes on change) and 24h change as a coloured
 * pill. It reads its own ticker, so a tick re-renders this row only, and only while the row is on screen.
 */
export const MarketRow = memo(function MarketRow({ product, testId, onSelect, selected = false }: MarketRowProps) {
  const { t } = useTranslation();
  const locale = useNumberLocale();
  // Live while on screen only: off-screen rows catch up when scrolled to.
  const [viewRef, inView] = useInView<HTMLButtonElement>();
  const live = useTicker(product.symbol, inView) ?? product;
  // Scrolled back to, a row shows the newer price without a flash: the user did not see it move.
  const flashRef = useFlash<HTMLSpanElement>(live.price, inView);
  const direction = directionOf(live.change);
  const stale = staleClass(usePriceFreshness());
  return (
    <button
      ref={viewRef}
      type="button"
      className={`market-row${selected ? ' market-row--selected' : ''}`}
      onClick={() => onSelect(product.symbol)}
      data-testid={testId}
      data-symbol={product.symbol}
      aria-current={selected ? 'true' : undefined}
    >
      <CoinBadge base={product.base} />
      <span className="market-row__pair">
        <span className="market-row__name" dir="ltr">
          <span className="market-row__base">{product.base}</span>
          <span className="market-row__quote">/{product.quote}</span>
        </span>
        <span className="market-row__sub">
          <span className="market-row__vol-label">{t('market.vol')} </span>
          <bdi className="market-row__vol">{formatCompact(live.turnover, locale)}</bdi>
        </span>
      </span>
      <span className="market-row__price" dir="ltr">
        <span ref={flashRef} className={`flash-target${stale}`} data-testid="row-price">
          {formatPrice(live.price, product.pricePrecision)}
        </span>
      </span>
      <span className="market-row__change">
        <span className={`change-pill change-pill--${direction}${stale}`} dir="ltr" data-testid="row-change">
          {formatChange(live.change)}
        </span>
      </span>
    </button>
  );
});

/** Placeholder rows while a list loads. */
export function MarketRowsSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <div className="market-list__skeleton" aria-hidden="true">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={i} className="market-row market-row--skeleton">
          <span className="skeleton-block skeleton-block--round" />
          <span className="market-row__pair">
            <span className="skeleton-block" style={{ width: 84 }} />
            <span className="skeleton-block skeleton-block--thin" style={{ width: 56 }} />
          </span>
          <span className="market-row__price">
            <span className="skeleton-block" style={{ width: 72 }} />
          </span>
          <span className="market-row__change">
            <span className="skeleton-block skeleton-block--pill" />
          </span>
        </div>
      ))}
    </div>
  );
}

/** The column titles above a list: pair, price, 24h change. */
export function MarketListHead() {
  const { t } = useTranslation();
  const freshness = usePriceFreshness();
  return (
    <div className="market-list__head" role="presentation">
      <span>
        {t('market.pairVol')} <StaleBadge freshness={freshness} />
      </span>
      <span className="market-list__head-price">{t('market.price')}</span>
      <span className="market-list__head-change">{t('market.change24h')}</span>
    </div>
  );
}
