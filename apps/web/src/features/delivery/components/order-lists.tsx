import { type ListLook, ListStates } from '@/shared/list-states';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { serverOffsetMs, useNow } from '../hooks/server-clock';
import { useActiveOrders } from '../hooks/use-delivery-queries';
import type { useHistoryOrders } from '../hooks/use-history-orders';
import { HistoryRow, PositionRow } from './order-row';

const DELIVERY_LIST: ListLook = { list: 'order-list', row: 'order-row', more: 'order-list__more' };

/** Position orders: the open (and scheduled) orders of the current mode, each with its countdown. */
export function PositionList({ live }: { live: boolean }) {
  const { t } = useTranslation();
  const active = useActiveOrders(live);
  const list = active.data ?? [];
  const serverNow = useNow(500, list.length > 0) + serverOffsetMs();
  return (
    <ListStates
      look={DELIVERY_LIST}
      source={{ query: active, items: list }}
      empty={{ title: t('delivery.emptyPositions'), testId: 'futures-positions-empty' }}
      label={t('delivery.tabs.positions')}
    >
      {(order) => <PositionRow order={order} serverNow={serverNow} />}
    </ListStates>
  );
}

/** Settled and cancelled orders with infinite scroll and every list state. */
export function HistoryList({ paged, empty }: { paged: ReturnType<typeof useHistoryOrders>; empty: ReactNode }) {
  const { t } = useTranslation();
  return (
    <ListStates
      look={DELIVERY_LIST}
      source={paged}
      empty={{ title: empty, testId: 'futures-history-empty' }}
      label={t('delivery.tabs.history')}
    >
      {(order) => <HistoryRow order={order} />}
    </ListStates>
  );
}
