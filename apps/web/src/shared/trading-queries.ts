/**
 * Query shapes the trading screens (delivery, perpetual) share: the user's push events kept in the caches, lists
 * polled as the net under them, a product's settings, and documents in the interface language.
 */
import { useSession } from '@/lib/session-store';
import type { AccountMode } from '@nexa/contract';
import { type QueryClient, type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useAccountMode } from './account-mode';

/** What an event subscription is handed besides its records: after a gap, read again; whether events flow. */
export interface LiveHandlers {
  onResync: () => void;
  onLive: (live: boolean) => void;
}

/**
 * Listens to the user's events while mounted: `subscribe` (a stable function) keeps the caches in step; after a gap
 * (reconnect, sequence gap) every query under `resync` (a stable list) reads again. Returns whether events are
 * flowing; while not, the screens poll.
 */
export function useLiveEvents(
  subscribe: (client: QueryClient, handlers: LiveHandlers) => () => void,
  resync: readonly QueryKey[],
): boolean {
  const client = useQueryClient();
  const [live, setLive] = useState(false);
  useEffect(
    () =>
      subscribe(client, {
        onResync: () => {
          for (const queryKey of resync) void client.invalidateQueries({ queryKey });
        },
        onLive: setLive,
      }),
    [client, subscribe, resync],
  );
  return live;
}

/**
 * A list of the current account mode read every `every` ms and on every visit, the net under the push events.
 * After each read `onRead` sees its rows; rows gone since the previous read (settled, closed, filled, cancelled)
 * are handed to `onGone`.
 */
export function usePolledList<T, R extends { id: string }>({
  key,
  read,
  rows,
  onRead,
  onGone,
  every,
}: {
  key: (mode: AccountMode) => QueryKey;
  /** `quiet` once the list was read: a failed background read is not toasted. */
  read: (signal: AbortSignal, quiet: boolean) => Promise<T>;
  rows: (data: T) => readonly R[];
  onRead?: (rows: readonly R[], client: QueryClient) => void;
  onGone: (gone: readonly R[], client: QueryClient, mode: AccountMode) => void;
  every: number;
}) {
  const mode = useAccountMode();
  const client = useQueryClient();
  const queryKey = key(mode);
  return useQuery({
    queryKey,
    queryFn: async ({ signal }) => {
      const before = client.getQueryData<T>(queryKey);
      const data = await read(signal, before !== undefined);
      const now = rows(data);
      onRead?.(now, client);
      const gone = before ? rows(before).filter((r) => !now.some((n) => n.id === r.id)) : [];
      if (gone.length > 0) onGone(gone, client, mode);
      return data;
    },
    refetchInterval: every,
    staleTime: 0,
  });
}

/** A document in the interface language (the trading rules): read again when the language changes. */
export function useLanguageDocument<T>(key: (lang: string) => QueryKey, read: (signal: AbortSignal) => Promise<T>) {
  const lang = useSession((s) => s.lang) ?? 'en';
  return useQuery({
    queryKey: key(lang),
    queryFn: ({ signal }) => read(signal),
    staleTime: 10 * 60_000,
  });
}

/** Settings of one product that rarely change (its periods, its contract): read once `symbol` is known. */
export function useProductSettings<T>(
  symbol: string | undefined,
  key: (symbol: string) => QueryKey,
  read: (symbol: string, signal: AbortSignal) => Promise<T>,
  staleTime: number,
) {
  return useQuery({
    queryKey: key(symbol ?? ''),
    enabled: Boolean(symbol),
    queryFn: ({ signal }) => read(symbol ?? '', signal),
    staleTime,
  });
}
