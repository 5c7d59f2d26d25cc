/**
 * Query shapes the trading screens (delivery, perpetual) share: the user's push events kept in the caches, lists
 * polled as the net under them, and documents in the interface language.
 */
import { useSession } from '@/lib/session-store';
import { type QueryClient, type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

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
 * A list read every `intervalMs` and on every visit: `read` is handed the abort signal, what the cache held before
 * (undefined on the first read, so it can tell what changed since) and the client.
 */
export function usePolledQuery<T>(
  queryKey: QueryKey,
  read: (signal: AbortSignal, before: T | undefined, client: QueryClient) => Promise<T>,
  intervalMs: number,
) {
  const client = useQueryClient();
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => read(signal, client.getQueryData<T>(queryKey), client),
    refetchInterval: intervalMs,
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
