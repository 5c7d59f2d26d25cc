import { TabbedSection } from '@/shared/tabbed-section';
import type { PositionOrdersData } from '@nexa/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCurrentOrders, useHistoryOrders, useHistoryTrades } from '../hooks/use-perpetual';
import { CurrentOrderList, TabList } from './order-lists';
import { PositionList } from './position-list';
import { OrderRow, TradeRow } from './record-rows';

export type PerpTabKey = 'positions' | 'orders' | 'history' | 'trades';

function HistoryTab({ symbol }: { symbol?: string }) {
  const paged = useHistoryOrders(symbol ? { symbol } : {});
  return (
    <TabList tab="history" source={paged}>
      {(order) => <OrderRow order={order} testId="perp-history-order" />}
    </TabList>
  );
}

function TradesTab({ symbol }: { symbol?: string }) {
  const paged = useHistoryTrades(symbol ? { symbol } : {});
  return (
    <TabList tab="trades" source={paged}>
      {(trade) => <TradeRow trade={trade} />}
    </TabList>
  );
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
  const title = (key: PerpTabKey, count = 0) => (
    <>
      {t(`perpetual.tabs.${key}`)}
      {count > 0 ? (
        <span className="perp-tabs__count" dir="ltr">
          {` (${count})`}
        </span>
      ) : null}
    </>
  );
  return (
    <TabbedSection
      block="perp-tabs"
      label={t('perpetual.ordersTitle')}
      tab={tab}
      onTab={onTab}
      testIdPrefix="perp-tab"
      titles={{
        positions: title('positions', positionCount),
        orders: title('orders', orderCount),
        history: title('history'),
        trades: title('trades'),
      }}
      panels={{
        positions: () => <PositionList positions={positions} symbol={symbol} />,
        orders: () => <CurrentOrderList orders={orders} symbol={symbol} />,
        history: () => <HistoryTab symbol={symbol} />,
        trades: () => <TradesTab symbol={symbol} />,
      }}
    />
  );
}
