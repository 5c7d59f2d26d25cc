import { type FuturesTab, futuresTabOf, useFuturesCopyPanels } from '@/shared/futures-copy-panels';
import { TabbedSection } from '@/shared/tabbed-section';
import { Segmented } from '@/shared/trading-bits';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useHistoryOrders } from '../hooks/use-history-orders';
import { FUTURES_PATHS } from '../paths';
import { HistoryList, PositionList } from './order-lists';

type TabKey = FuturesTab;

/** History of the tab: all products, or only the one on screen. */
function HistoryTab({ symbol, pair }: { symbol: string | undefined; pair: string | undefined }) {
  const { t } = useTranslation();
  const [onlyThis, setOnlyThis] = useState(false);
  const filter = onlyThis && symbol ? { symbol } : {};
  const paged = useHistoryOrders(filter);
  return (
    <>
      <div className="history-tools">
        <Segmented
          className="fut-seg"
          item="fut-seg__item"
          srOnly="fut-sr-only"
          legend={t('delivery.filterProduct')}
          value={onlyThis}
          onChange={setOnlyThis}
          options={[
            { value: false, label: t('delivery.allProducts'), testId: 'futures-history-all' },
            { value: true, label: pair ?? '--', testId: 'futures-history-this', disabled: !symbol, dir: 'ltr' },
          ]}
        />
        <Link to={FUTURES_PATHS.history} className="link link--strong" data-testid="futures-history-more">
          {t('delivery.viewAll')}
        </Link>
      </div>
      <HistoryList paged={paged} empty={t('delivery.emptyHistory')} />
    </>
  );
}

/**
 * The order tabs under the panel (spec §2): Position orders, History orders, and the two copy-trading tabs (Invited
 * me, Follow plan), which the app hands in from the copy feature (shared/futures-copy-panels.tsx).
 */
export function OrderTabs({
  live,
  symbol,
  pair,
}: {
  live: boolean;
  symbol: string | undefined;
  pair: string | undefined;
}) {
  const { t } = useTranslation();
  const copy = useFuturesCopyPanels();
  const Invited = copy?.invited;
  const Follow = copy?.follow;
  // The open tab is in the address (`?tab=`): a message's link opens its tab; choosing one drops the link's plan.
  const [params, setParams] = useSearchParams();
  return (
    <TabbedSection<TabKey>
      block="order-tabs"
      label={t('delivery.orders')}
      tab={futuresTabOf(params)}
      onTab={(tab) => setParams({ tab }, { replace: true })}
      testIdPrefix="futures-tab"
      titles={{
        positions: t('delivery.tabs.positions'),
        history: t('delivery.tabs.history'),
        invited: t('delivery.tabs.invited'),
        follow: t('delivery.tabs.follow'),
      }}
      panels={{
        positions: () => <PositionList live={live} />,
        history: () => <HistoryTab symbol={symbol} pair={pair} />,
        invited: () => (Invited ? <Invited /> : null),
        follow: () => (Follow ? <Follow /> : null),
      }}
    />
  );
}
