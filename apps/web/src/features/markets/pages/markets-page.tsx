import { type CategoryFilter, filterProducts } from '@/components/market/filter-products';
import { CategoryChips, MarketRows, ProductSearch, SegTabs } from '@/components/market/market-list';
import { MarketListHead } from '@/components/market/market-row';
import { ClearButton } from '@/components/ui/clear-button';
import { EmptyState } from '@/components/ui/empty-state';
import { Page } from '@/components/ui/page';
import { ROUTES } from '@/lib/routes';
import { useSession } from '@/lib/session-store';
import { useProducts } from '@/lib/use-market';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import '../components/markets.css';

type MarketTab = 'futures' | 'perpetual';
const MARKET_TABS: readonly MarketTab[] = ['futures', 'perpetual'];

// Kept while the app runs: coming back to Markets shows the tab, search and category the user left.
const remembered: { tab: MarketTab; keyword: string; category: CategoryFilter } = {
  tab: 'futures',
  keyword: '',
  category: 'all',
};

/**
 * Markets tab (spec §2): Futures and Perpetual tabs over every product, a search box (symbol or name, instant,
 * on the device) and category chips; prices and 24h changes live.
 */
export default function MarketsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const products = useProducts();
  const setProductType1 = useSession((s) => s.setProductType1);
  const setProductType2 = useSession((s) => s.setProductType2);
  const [tab, setTab] = useState<MarketTab>(remembered.tab);
  const [keyword, setKeyword] = useState(remembered.keyword);
  const [category, setCategory] = useState<CategoryFilter>(remembered.category);
  remembered.tab = tab;
  remembered.keyword = keyword;
  remembered.category = category;
  const deferredKeyword = useDeferredValue(keyword);
  const shown = useMemo(
    () => filterProducts(products.data ?? [], deferredKeyword, category),
    [products.data, deferredKeyword, category],
  );

  // Futures opens the delivery tab (productType1), Perpetual the perpetual tab (productType2).
  const open = useCallback(
    (symbol: string) => {
      if (tab === 'futures') {
        setProductType1(symbol);
        navigate(ROUTES.futures, { replace: true });
      } else {
        setProductType2(symbol);
        navigate(ROUTES.perpetual, { replace: true });
      }
    },
    [tab, navigate, setProductType1, setProductType2],
  );

  return (
    <Page title={t('tabs.markets')} testId="markets-page">
      <div className="markets">
        <SegTabs
          tabs={MARKET_TABS}
          value={tab}
          onChange={setTab}
          label={(key) => t(`market.tabs.${key}`)}
          testId="markets-tab"
          className="markets__tabs"
        />
        <ProductSearch
          block="markets__search"
          value={keyword}
          onChange={setKeyword}
          testId="markets-search"
          inputProps={{
            autoCapitalize: 'characters',
            spellCheck: false,
            enterKeyHint: 'search',
            maxLength: 20,
          }}
        >
          {keyword ? (
            <ClearButton
              label={t('market.clearSearch')}
              onClick={() => setKeyword('')}
              className="markets__search-clear"
              testId="markets-search-clear"
            />
          ) : null}
        </ProductSearch>
        <CategoryChips value={category} onChange={setCategory} testId="markets-category" className="markets__chips" />
        <section className="market-list" role="tabpanel" data-tab={tab}>
          <MarketListHead />
          <MarketRows
            query={products}
            list={shown}
            empty={
              <EmptyState title={t('market.noMatch')} description={t('market.noMatchDesc')} testId="markets-empty" />
            }
            rowTestId="market-row"
            onSelect={open}
            skeletonRows={10}
          />
        </section>
      </div>
    </Page>
  );
}
