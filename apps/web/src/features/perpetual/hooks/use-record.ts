import { findInPages, retryUnlessNotFound, scanPages } from '@/shared/record-lookup';
import type { AccountMode, PerpOrder, PerpTrade } from '@nexa/contract';
import { type InfiniteData, type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { perpetualApi } from '../api/perpetual-api';
import { perpKeys } from './query-keys';
import { useMode } from './use-perpetual';

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
 * One record by id, keyed under the mode: what a list on screen holds (`cached`) at once, else what `find` reads
 * (a 404 when it is not there, not retried).
 */
function useRecord<T>(
  kind: 'order' | 'trade',
  id: string,
  cached: (client: QueryClient, mode: AccountMode) => T | undefined,
  find: (signal: AbortSignal) => Promise<T>,
) {
  const mode = useMode();
  const client = useQueryClient();
  return useQuery<T>({
    queryKey: [...perpKeys.mode(mode), kind, id],
    enabled: id !== '',
    initialData: () => cached(client, mode),
    queryFn: ({ signal }) => find(signal),
    staleTime: 5_000,
    retry: retryUnlessNotFound,
  });
}

/**
 * One order by id. The API has no such call: a pending order is in Sustainable/currentEntrust, a finished one in
 * Sustainable/historyEntrust, newest first, read up to five pages of 100.
 */
export function useOrderRecord(id: string) {
  return useRecord<PerpOrder>(
    'order',
    id,
    (client, mode) =>
      fromCache<PerpOrder>(client, perpKeys.current(mode), id) ??
      fromCache<PerpOrder>(client, perpKeys.history(mode), id),
    async (signal) => {
      const { list } = await perpetualApi.currentOrders(signal, true);
      const pending = list.find((o) => o.id === id);
      if (pending) return pending;
      return findInPages((page, pageSize) => perpetualApi.historyOrders({ page, pageSize }, signal, true), id);
    },
  );
}

/** The pages of fills, newest first. */
function tradePages(signal: AbortSignal) {
  return (page: number, pageSize: number) => perpetualApi.historyTrades({ page, pageSize }, signal, true);
}

/** One fill by id. */
export function useTradeRecord(id: string) {
  return useRecord<PerpTrade>(
    'trade',
    id,
    (client, mode) => fromCache<PerpTrade>(client, perpKeys.trades(mode), id),
    (signal) => findInPages(tradePages(signal), id),
  );
}

/** Every fill of one position (its open, adds, partial closes and final close or liquidation), up to five pages. */
export function usePositionFills(positionId: string) {
  const mode = useMode();
  return useQuery<PerpTrade[]>({
    queryKey: [...perpKeys.trades(mode), 'position', positionId],
    enabled: positionId !== '',
    queryFn: ({ signal }) => scanPages(tradePages(signal), (t) => t.positionId === positionId, false),
    staleTime: 5_000,
  });
}
