import { ApiError } from '@/lib/request';
import type { PerpOrder, PerpTrade } from '@nexa/contract';
import { type InfiniteData, type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { perpetualApi } from '../api/perpetual-api';
import { perpKeys } from './query-keys';
import { useMode } from './use-perpetual';

/** History pages read when looking a record up by id (100 records each). */
const LOOKUP_PAGES = 5;
const LOOKUP_PAGE_SIZE = 100;

type Paged<T> = InfiniteData<{ list: T[] }>;

/** A record the lists on screen already hold (no second read when opened from a list). */
function fromCache<T extends { id: string }>(
  client: QueryClient,
  prefix: readonly unknown[],
  id: string,
): T | undefined {
  for (const [, data] of client.getQueriesData<Paged<T> | T[]>({ queryKey: prefix })) {
    if (!data) continue;
    const items = Array.isArray(data) ? data : data.pages.flatMap((p) => p.list);
    const found = items.find((item) => item.id === id);
    if (found) return found;
  }
  return undefined;
}

/**
 * One order by id. The API has no such call: a pending order is in Sustainable/currentEntrust, a finished one in
 * Sustainable/historyEntrust, newest first, read up to five pages of 100.
 */
export function useOrderRecord(id: string) {
  const mode = useMode();
  const client = useQueryClient();
  return useQuery<PerpOrder>({
    queryKey: [...perpKeys.mode(mode), 'order', id],
    enabled: id !== '',
    initialData: () =>
      fromCache<PerpOrder>(client, perpKeys.current(mode), id) ??
      fromCache<PerpOrder>(client, perpKeys.history(mode), id),
    queryFn: async ({ signal }) => {
      const { list } = await perpetualApi.currentOrders(signal, true);
      const pending = list.find((o) => o.id === id);
      if (pending) return pending;
      for (let page = 1; page <= LOOKUP_PAGES; page += 1) {
        const data = await perpetualApi.historyOrders({ page, pageSize: LOOKUP_PAGE_SIZE }, signal, true);
        const found = data.list.find((o) => o.id === id);
        if (found) return found;
        if (page * data.pageSize >= data.total) break;
      }
      throw new ApiError(404, 'order not found');
    },
    staleTime: 5_000,
    retry: (count, error) => count < 2 && !(error instanceof ApiError && error.code === 404),
  });
}

/** Fills, newest first, up to five pages of 100: one trade by id, or every fill of a position. */
async function scanTrades(match: (t: PerpTrade) => boolean, signal: AbortSignal, firstOnly: boolean) {
  const out: PerpTrade[] = [];
  for (let page = 1; page <= LOOKUP_PAGES; page += 1) {
    const data = await perpetualApi.historyTrades({ page, pageSize: LOOKUP_PAGE_SIZE }, signal, true);
    for (const trade of data.list) if (match(trade)) out.push(trade);
    if ((firstOnly && out.length > 0) || page * data.pageSize >= data.total) break;
  }
  return out;
}

export function useTradeRecord(id: string) {
  const mode = useMode();
  const client = useQueryClient();
  return useQuery<PerpTrade>({
    queryKey: [...perpKeys.mode(mode), 'trade', id],
    enabled: id !== '',
    initialData: () => fromCache<PerpTrade>(client, perpKeys.trades(mode), id),
    queryFn: async ({ signal }) => {
      const [found] = await scanTrades((t) => t.id === id, signal, true);
      if (!found) throw new ApiError(404, 'trade not found');
      return found;
    },
    staleTime: 5_000,
    retry: (count, error) => count < 2 && !(error instanceof ApiError && error.code === 404),
  });
}

/** Every fill of one position (its open, adds, partial closes and final close or liquidation). */
export function usePositionFills(positionId: string) {
  const mode = useMode();
  return useQuery<PerpTrade[]>({
    queryKey: [...perpKeys.trades(mode), 'position', positionId],
    enabled: positionId !== '',
    queryFn: ({ signal }) => scanTrades((t) => t.positionId === positionId, signal, false),
    staleTime: 5_000,
  });
}
