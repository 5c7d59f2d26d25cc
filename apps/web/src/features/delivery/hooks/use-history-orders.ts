import { usePagedList } from '@/lib/use-paged-list';
import { deliveryApi } from '../api/delivery-api';
import { futuresKeys } from './query-keys';
import { type HistoryFilter, useMode } from './use-delivery-queries';

/** Settled and cancelled orders of the current mode, page by page for infinite scroll (order/historyOrders). */
export function useHistoryOrders(filter: HistoryFilter, enabled = true) {
  const mode = useMode();
  return usePagedList(
    futuresKeys.historyFiltered(mode, filter),
    (page, pageSize, signal) => deliveryApi.history({ ...filter, page, pageSize }, signal),
    enabled,
  );
}
