import { EmptyState } from '@/components/ui/empty-state';
import { SheetHeader } from '@/components/ui/select-sheet';
import { useBackCloses } from '@/components/ui/use-back-closes';
import type { ProductSummary } from '@nexa/contract';
import { Popup } from 'antd-mobile';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filterProducts } from './filter-products';
import { ProductSearch } from './market-list';
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
  useBackCloses(visible, close);
  return (
    <Popup visible={visible} onMaskClick={close} onClose={close} bodyClassName="sheet product-picker" destroyOnClose>
      <SheetHeader title={t('market.selectProduct')} onClose={close} />
      <ProductSearch block="sheet__search" value={keyword} onChange={setKeyword} testId="product-picker-search" />
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
