import { EmptyState } from '@/components/ui/empty-state';
import { SheetHeader } from '@/components/ui/select-sheet';
import type { ProductSummary } from '@nexa/contract';
import { Popup } from 'antd-mobile';
import { SearchOutline } from 'antd-mobile-icons';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filterProducts } from './filter-products';
import { MarketListHead, MarketRow } from './market-row';

/** The bottom sheet listing every product with live prices; options are `product-option-<SYMBOL>`. */
export function ProductPicker({
  visible,
  products,
  value,
  onSelect,
  onClose,
}: {
  visible: boolean;
  products: readonly ProductSummary[];
  value: string | undefined;
  onSelect: (symbol: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const shown = useMemo(() => filterProducts(products, keyword), [products, keyword]);
  const close = useCallback(() => {
    setKeyword('');
    onClose();
  }, [onClose]);
  const select = useCallback(
    (symbol: string) => {
      onSelect(symbol);
      close();
    },
    [onSelect, close],
  );
  return (
    <Popup visible={visible} onMaskClick={close} onClose={close} bodyClassName="sheet product-picker" destroyOnClose>
      <SheetHeader title={t('market.selectProduct')} onClose={close} />
      <label className="sheet__search">
        <SearchOutline className="sheet__search-icon" />
        <input
          className="sheet__search-input"
          type="search"
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          placeholder={t('market.searchPlaceholder')}
          aria-label={t('market.searchPlaceholder')}
          autoComplete="off"
          data-testid="product-picker-search"
        />
      </label>
      <MarketListHead />
      <div className="sheet__body">
        {shown.length === 0 ? (
          <EmptyState title={t('market.noMatch')} testId="product-picker-empty" />
        ) : (
          shown.map((p) => (
            <MarketRow
              key={p.symbol}
              product={p}
              testId={`product-option-${p.symbol}`}
              onSelect={select}
              selected={p.symbol === value}
            />
          ))
        )}
      </div>
    </Popup>
  );
}
