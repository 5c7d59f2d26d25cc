import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { useProducts } from '@/lib/use-market';
import { ListSkeleton } from '@/shared/trading-bits';
import type { PerpOrder } from '@nexa/contract';
import { Dialog, InfiniteScroll } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { useCurrentOrders, useHistoryOrders, useHistoryTrades } from '../hooks/use-perpetual';
import { useCancelOrder } from '../hooks/use-perpetual';
import { pairName, precisionOf } from './bits';
import { OrderRow, TradeItems } from './record-rows';
import { callAndClose } from './sheet';

/** Pending limit orders, each with Cancel (Sustainable/cancelDeliveryOrder, after a confirmation). */
export function CurrentOrderList({
  orders,
  symbol,
}: {
  orders: ReturnType<typeof useCurrentOrders>;
  symbol?: string;
}) {
  const { t } = useTranslation();
  const products = useProducts();
  const cancel = useCancelOrder();
  const list = (orders.data ?? []).filter((o) => !symbol || o.symbol === symbol);

  const askCancel = async (order: PerpOrder) => {
    const ok = await Dialog.confirm({
      content: t('perpetual.cancelConfirm'),
      confirmText: <span data-testid="perp-cancel-confirm">{t('perpetual.actions.cancel')}</span>,
      cancelText: <span data-testid="perp-cancel-keep">{t('perpetual.keepOrder')}</span>,
    });
    if (!ok) return;
    // A failure (filled meanwhile, for instance) is toasted by the request helper; the list reads again.
    await callAndClose(() => cancel.mutateAsync(order.id), t('perpetual.cancelled'));
  };

  if (orders.isPending) return <ListSkeleton list="perp-list" row="perp-row" />;
  if (orders.isError && !orders.data) return <ErrorState onRetry={() => void orders.refetch()} />;
  if (list.length === 0) return <EmptyState title={t('perpetual.empty.orders')} testId="perp-orders-empty" />;
  return (
    <ul className="perp-list" aria-label={t('perpetual.tabs.orders')}>
      {list.map((order) => (
        <li key={order.id}>
          <OrderRow
            order={order}
            pair={pairName(order.symbol, products.data)}
            precision={precisionOf(order.symbol, products.data)}
            testId="perp-order"
            onCancel={(o) => void askCancel(o)}
            cancelling={cancel.isPending && cancel.variables === order.id}
          />
        </li>
      ))}
    </ul>
  );
}

/** Finished orders with infinite scroll and every list state. */
export function HistoryOrderList({ paged }: { paged: ReturnType<typeof useHistoryOrders> }) {
  const { t } = useTranslation();
  const products = useProducts();
  const { query, items, hasMore, loadMore } = paged;
  if (query.isPending) return <ListSkeleton list="perp-list" row="perp-row" />;
  if (query.isError && items.length === 0) return <ErrorState onRetry={() => void query.refetch()} />;
  if (items.length === 0) return <EmptyState title={t('perpetual.empty.history')} testId="perp-history-empty" />;
  return (
    <>
      <ul className="perp-list" aria-label={t('perpetual.tabs.history')}>
        {items.map((order) => (
          <li key={order.id}>
            <OrderRow
              order={order}
              pair={pairName(order.symbol, products.data)}
              precision={precisionOf(order.symbol, products.data)}
              testId="perp-history-order"
            />
          </li>
        ))}
      </ul>
      <InfiniteScroll loadMore={loadMore} hasMore={hasMore} className="perp-list__more" />
    </>
  );
}

/** Fills with infinite scroll and every list state. */
export function TradeList({ paged }: { paged: ReturnType<typeof useHistoryTrades> }) {
  const { t } = useTranslation();
  const products = useProducts();
  const { query, items, hasMore, loadMore } = paged;
  if (query.isPending) return <ListSkeleton list="perp-list" row="perp-row" />;
  if (query.isError && items.length === 0) return <ErrorState onRetry={() => void query.refetch()} />;
  if (items.length === 0) return <EmptyState title={t('perpetual.empty.trades')} testId="perp-trades-empty" />;
  return (
    <>
      <TradeItems trades={items} products={products.data} label={t('perpetual.tabs.trades')} />
      <InfiniteScroll loadMore={loadMore} hasMore={hasMore} className="perp-list__more" />
    </>
  );
}
