import { Page } from '@/components/ui/page';
import { SelectSheet } from '@/components/ui/select-sheet';
import { formatDate } from '@/lib/format';
import { useProducts } from '@/lib/use-market';
import { CalendarPicker, PullToRefresh } from 'antd-mobile';
import { CalendarOutline, CloseCircleFill, DownOutline } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModeBadge } from '../components/bits';
import '../components/delivery.css';
import { HistoryList } from '../components/order-lists';
import { useMode } from '../hooks/use-delivery-queries';
import { useHistoryOrders } from '../hooks/use-history-orders';
import { dayRange } from '../model';

/** The product filter's "all products" option. */
const ALL = 'all';

/** How far back the date picker reaches. */
const PICKER_MONTHS_BACK = 12;

/** Every settled and cancelled order of the current mode (spec §2 futures/history), by product and date. */
export default function FuturesHistoryPage() {
  const { t } = useTranslation();
  const mode = useMode();
  const products = useProducts();
  const [symbol, setSymbol] = useState<string | null>(null);
  const [range, setRange] = useState<[Date, Date] | null>(null);
  const [sheet, setSheet] = useState<'product' | 'date' | null>(null);

  const filter = useMemo(() => {
    const days = range ? dayRange(range[0], range[1]) : null;
    return { ...(symbol ? { symbol } : {}), ...(days ? { start: days.start, end: days.end } : {}) };
  }, [symbol, range]);
  const paged = useHistoryOrders(filter);

  const [min, max] = useMemo(() => {
    const today = new Date();
    return [new Date(today.getFullYear(), today.getMonth() - PICKER_MONTHS_BACK, 1), today];
  }, []);

  const chosen = products.data?.find((p) => p.symbol === symbol);
  const productOptions = [
    { value: ALL, label: t('delivery.allProducts') },
    ...(products.data ?? []).map((p) => ({ value: p.symbol, label: <span dir="ltr">{`${p.base}/${p.quote}`}</span> })),
  ];
  const close = () => setSheet(null);

  return (
    <Page
      title={t('delivery.historyTitle')}
      back
      testId="futures-history-page"
      className="delivery-page-body"
      right={<ModeBadge mode={mode} />}
    >
      <fieldset className="filter-bar futures-filter-bar">
        <legend className="fut-sr-only">{t('delivery.filters')}</legend>
        <button
          type="button"
          className={`filter-chip${symbol ? ' filter-chip--on' : ''}`}
          onClick={() => setSheet('product')}
          data-testid="futures-history-filter-product"
        >
          <span className="filter-chip__text" dir={chosen ? 'ltr' : undefined}>
            {chosen ? `${chosen.base}/${chosen.quote}` : (symbol ?? t('delivery.allProducts'))}
          </span>
          <DownOutline className="filter-chip__chevron" />
        </button>
        <span className={`filter-chip filter-chip--date${range ? ' filter-chip--on' : ''}`}>
          <button
            type="button"
            className="filter-chip__button"
            onClick={() => setSheet('date')}
            data-testid="futures-history-filter-date"
          >
            <CalendarOutline />
            <span className="filter-chip__text" dir={range ? 'ltr' : undefined}>
              {range ? `${formatDate(range[0].getTime())} ~ ${formatDate(range[1].getTime())}` : t('delivery.allDates')}
            </span>
          </button>
          {range ? (
            <button
              type="button"
              className="filter-chip__clear"
              onClick={() => setRange(null)}
              aria-label={t('delivery.clearDates')}
              data-testid="futures-history-filter-date-clear"
            >
              <CloseCircleFill />
            </button>
          ) : null}
        </span>
      </fieldset>

      <PullToRefresh onRefresh={() => paged.query.refetch().then(() => undefined)}>
        <HistoryList paged={paged} empty={t('delivery.emptyHistory')} />
      </PullToRefresh>

      <SelectSheet
        visible={sheet === 'product'}
        title={t('delivery.product')}
        options={productOptions}
        value={symbol ?? ALL}
        onSelect={(value) => setSymbol(value === ALL ? null : value)}
        onClose={close}
        testId="futures-history-filter-product"
      />

      <CalendarPicker
        visible={sheet === 'date'}
        selectionMode="range"
        title={t('delivery.selectDates')}
        min={min}
        max={max}
        defaultValue={range}
        onClose={close}
        onMaskClick={close}
        onConfirm={(value) => setRange(value)}
        popupClassName="calendar-sheet"
      />
    </Page>
  );
}
