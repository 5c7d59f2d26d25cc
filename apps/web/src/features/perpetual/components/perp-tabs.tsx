import type { PositionOrdersData } from '@nexa/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useCurrentOrders, useHistoryOrders, useHistoryTrades } from '../hooks/use-perpetual';
import { CurrentOrderList, HistoryOrderList, TradeList } from './order-lists';
import { PositionList } from './position-list';

export type PerpTabKey = 'positions' | 'orders' | 'history' | 'trades';
const TAB_KEYS: readonly PerpTabKey[] = ['positions', 'orders', 'history', 'trades'];

function HistoryTab({ symbol }: { symbol?: string }) {
  const paged = useHistoryOrders(symbol ? { symbol } : {});
  return <HistoryOrderList paged={paged} />;
}

function TradesTab({ symbol }: { symbol?: string }) {
  const paged = useHistoryTrades(symbol ? { symbol } : {});
  return <TradeList paged={paged} />;
}

/**
 * The tabs under the order entry (spec §2): Positions, Orders (pending limit orders), History orders and Trades.
 * Counts of open positions and pending orders sit in the tab titles. `symbol` narrows every tab to one product.
 */
export function PerpTabs({
  live,
  positions,
  tab,
  onTab,
  symbol,
}: {
  live: boolean;
  positions: UseQueryResult<PositionOrdersData>;
  tab: PerpTabKey;
  onTab: (tab: PerpTabKey) => void;
  symbol?: string;
}) {
  const { t } = useTranslation();
  const orders = useCurrentOrders(live);
  const positionCount = (positions.data?.list ?? []).filter((p) => !symbol || p.symbol === symbol).length;
  const orderCount = (orders.data ?? []).filter((o) => !symbol || o.symbol === symbol).length;
  const count = (key: PerpTabKey) => (key === 'positions' ? positionCount : key === 'orders' ? orderCount : 0);
  return (
    <section className="perp-tabs" aria-label={t('perpetual.ordersTitle')}>
      <Tabs
        activeKey={tab}
        onChange={(key) => onTab(TAB_KEYS.find((k) => k === key) ?? 'positions')}
        className="perp-tabs__bar"
      >
        {TAB_KEYS.map((key) => (
          <Tabs.Tab
            key={key}
            title={
              <span data-testid={`perp-tab-${key}`}>
                {t(`perpetual.tabs.${key}`)}
                {count(key) > 0 ? (
                  <span className="perp-tabs__count" dir="ltr">
                    {` (${count(key)})`}
                  </span>
                ) : null}
              </span>
            }
          />
        ))}
      </Tabs>
      <div className="perp-tabs__body" role="tabpanel">
        {tab === 'positions' ? <PositionList positions={positions} symbol={symbol} /> : null}
        {tab === 'orders' ? <CurrentOrderList orders={orders} symbol={symbol} /> : null}
        {tab === 'history' ? <HistoryTab symbol={symbol} /> : null}
        {tab === 'trades' ? <TradesTab symbol={symbol} /> : null}
      </div>
    </section>
  );
}
