import { ChoiceButtons, type ChoiceButtonsProps } from '@/components/ui/choice-buttons';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import type { ProductSummary } from '@nexa/contract';
import { SearchOutline } from 'antd-mobile-icons';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CATEGORY_FILTERS, type CategoryFilter } from './filter-products';
import { MarketRow, MarketRowsSkeleton } from './market-row';

/**
 * The rows of a market list (Markets, Home rankings): the products once read, `empty` when there are none, an
 * error with a retry, or placeholder rows while loading.
 */
export function MarketRows({
  query,
  list,
  empty,
  rowTestId,
  onSelect,
  skeletonRows,
}: {
  query: { data: unknown; isError: boolean; refetch: () => unknown };
  list: readonly ProductSummary[];
  empty: ReactNode;
  rowTestId: string;
  onSelect: (symbol: string) => void;
  skeletonRows?: number;
}) {
  if (query.data) {
    if (list.length === 0) return <>{empty}</>;
    return (
      <>
        {list.map((p) => (
          <MarketRow key={p.symbol} product={p} testId={rowTestId} onSelect={onSelect} />
        ))}
      </>
    );
  }
  if (query.isError) return <ErrorState onRetry={() => void query.refetch()} />;
  return <MarketRowsSkeleton rows={skeletonRows} />;
}

/** Segmented tabs over a list (Futures / Perpetual, Gainers / Losers / Turnover). Tab ids: `<testId>-<key>`. */
export function SegTabs<K extends string>({
  tabs,
  className,
  ...choice
}: Omit<ChoiceButtonsProps<K>, 'choices' | 'className' | 'tabs'> & { tabs: readonly K[]; className?: string }) {
  return (
    <div className={`seg-tabs${className ? ` ${className}` : ''}`} role="tablist">
      <ChoiceButtons {...choice} choices={tabs} className="seg-tabs__tab" tabs />
    </div>
  );
}

/** The category chips over a product list (All, then each category). Chip ids: `<testId>-<category>`. */
export function CategoryChips({
  value,
  onChange,
  testId,
  className,
}: {
  value: CategoryFilter;
  onChange: (category: CategoryFilter) => void;
  testId: string;
  className: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={`chips ${className}`}>
      <ChoiceButtons
        choices={CATEGORY_FILTERS}
        value={value}
        onChange={onChange}
        label={(key) => t(`market.categories.${key}`)}
        testId={testId}
        className="chip"
      />
    </div>
  );
}

/**
 * The search box over a product list (symbol or name): `block` is its class (`markets__search` on Markets,
 * `sheet__search` in the product picker), the icon and input take `<block>-icon`, `<block>-input`.
 */
export function ProductSearch({
  block,
  value,
  onChange,
  testId,
  inputProps,
  children,
}: {
  block: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
  /** After the input (a clear button). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <label className={block}>
      <SearchOutline className={`${block}-icon`} />
      <input
        className={`${block}-input`}
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={t('market.searchPlaceholder')}
        aria-label={t('market.searchPlaceholder')}
        autoComplete="off"
        {...inputProps}
        data-testid={testId}
      />
      {children}
    </label>
  );
}
