import { type QueryKey, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';

export const PAGE_SIZE = 20;

export interface PageOf<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * A `{list, total, page, pageSize}` list read page by page (ARCHITECTURE §6) for infinite scroll. Rows are keyed
 * by id: a row that shifted onto the next page (a new record arrived meanwhile) is shown once.
 */
export function usePagedList<T extends { id: string }>(
  queryKey: QueryKey,
  fetchPage: (page: number, pageSize: number, signal: AbortSignal) => Promise<PageOf<T>>,
  enabled = true,
) {
  const query = useInfiniteQuery({
    queryKey,
    enabled,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, PAGE_SIZE, signal),
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
  const items = useMemo(() => {
    const seen = new Set<string>();
    const out: T[] = [];
    for (const page of query.data?.pages ?? []) {
      for (const item of page.list) {
        if (seen.has(item.id)) continue;
        seen.add(item.id);
        out.push(item);
      }
    }
    return out;
  }, [query.data]);
  const { fetchNextPage } = query;
  /** For InfiniteScroll: rejects when the page failed, so it offers a retry. */
  const loadMore = async () => {
    await fetchNextPage({ throwOnError: true });
  };
  return { query, items, total: query.data?.pages[0]?.total ?? 0, hasMore: query.hasNextPage, loadMore };
}
