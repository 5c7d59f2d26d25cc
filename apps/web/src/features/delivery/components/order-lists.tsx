import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { useProducts } from '@/lib/use-market';
import { ListSkeleton } from '@/shared/trading-bits';
import type { DeliveryOrder } from '@nexa/contract';
import { useQueryClient } from '@tanstack/react-query';
import { InfiniteScroll, Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { serverOffsetMs, useNow } from '../hooks/server-clock';
import { storeOrder, useActiveOrders } from '../hooks/use-delivery-queries';
import type { useHistoryOrders } from '../hooks/use-history-orders';
import { orderDetailPath } from '../paths';
import { pairName } from './bits';
import { HistoryRow, PositionRow } from './order-row';

/** Opens an order's detail page with what the list already knows (no second read). */
export function useOpenOrder() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return (order: DeliveryOrder) => {
    storeOrder(client, order);
    void navigate(orderDetailPath(order.id));
  };
}

/** Position orders: the open (and scheduled) orders of the current mode, each with its countdown. */
export function PositionList({ live }: { live: boolean }) {
  const { t } = useTranslation();
  const active = useActiveOrders(live);
  const products = useProducts();
  const open = useOpenOrder();
  const list = active.data ?? [];
  const serverNow = useNow(500, list.length > 0) + serverOffsetMs();
  if (active.isPending) return <ListSkeleton list="order-list" row="order-row" />;
  if (active.isError && !active.data) return <ErrorState onRetry={() => void active.refetch()} />;
  if (list.length === 0) return <EmptyState title={t('delivery.emptyPositions')} testId="futures-positions-empty" />;
  return (
    <ul className="order-list" aria-label={t('delivery.tabs.positions')}>
      {list.map((order) => (
        <li key={order.id}>
          <PositionRow order={order} pair={pairName(order.symbol, products.data)} serverNow={serverNow} onOpen={open} />
        </li>
      ))}
    </ul>
  );
}

/** Settled and cancelled orders with infinite scroll and every list state. */
export function HistoryList({
  paged,
  empty,
}: {
  paged: ReturnType<typeof useHistoryOrders>;
  empty: ReactNode;
}) {
  const { t } = useTranslation();
  const products = useProducts();
  const open = useOpenOrder();
  const { query, items, hasMore, loadMore } = paged;
  if (query.isPending) return <ListSkeleton list="order-list" row="order-row" />;
  if (query.isError && items.length === 0) return <ErrorState onRetry={() => void query.refetch()} />;
  if (items.length === 0) return <EmptyState title={empty} testId="futures-history-empty" />;
  return (
    <>
      <ul className="order-list" aria-label={t('delivery.tabs.history')}>
        {items.map((order) => (
          <li key={order.id}>
            <HistoryRow order={order} pair={pairName(order.symbol, products.data)} onOpen={open} />
          </li>
        ))}
      </ul>
      <InfiniteScroll loadMore={loadMore} hasMore={hasMore} className="order-list__more" />
    </>
  );
}
