import { subscribeUserEvents } from '@/lib/user-events';
import type { SupportHistoryData, SupportMessage } from '@nexa/contract';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { supportApi, supportKeys } from '../api/support-api';

const PAGE_SIZE = 30;
/** While the socket is down, answers are looked for this often. */
const POLL_MS = 15_000;

/**
 * The user's conversation, newest page first, older pages on demand (`loadOlder`). An answer arrives on the `user`
 * channel as `support.message` and the history is read again; while the socket is down it is polled.
 */
export function useSupportHistory(enabled: boolean) {
  const client = useQueryClient();
  const [live, setLive] = useState(false);
  const query = useInfiniteQuery({
    queryKey: supportKeys.history,
    enabled,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => supportApi.history({ before: pageParam, pageSize: PAGE_SIZE }, signal),
    getNextPageParam: (last: SupportHistoryData) => (last.hasMore ? last.list[0]?.id : undefined),
    refetchInterval: live ? false : POLL_MS,
  });
  useEffect(() => {
    if (!enabled) return;
    return subscribeUserEvents({
      onEvent: (event) => {
        if (event.type === 'support.message') void client.invalidateQueries({ queryKey: supportKeys.history });
      },
      onResync: () => void client.invalidateQueries({ queryKey: supportKeys.history }),
      onLive: setLive,
    });
  }, [enabled, client]);
  const messages: SupportMessage[] = useMemo(
    () => [...(query.data?.pages ?? [])].reverse().flatMap((p) => p.list),
    [query.data],
  );
  return {
    query,
    messages,
    status: query.data?.pages[0]?.status ?? null,
    hasOlder: query.hasNextPage,
    loadingOlder: query.isFetchingNextPage,
    loadOlder: () => void query.fetchNextPage(),
  };
}
