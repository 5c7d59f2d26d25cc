import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { InfiniteScroll } from 'antd-mobile';
import type { ReactNode } from 'react';
import { ListSkeleton } from './trading-bits';

/** The classes of a record list: the list, its rows (for the skeleton) and the infinite scroll under it. */
export interface ListLook {
  list: string;
  row: string;
  more: string;
}

/**
 * What a list shows: its query, the rows (already narrowed to a product, if any), and for a list read page by page
 * (usePagedList) whether there is more and how to load it.
 */
export interface ListSource<T> {
  query: { isPending: boolean; isError: boolean; data?: unknown; refetch: () => unknown };
  items: readonly T[];
  hasMore?: boolean;
  loadMore?: () => Promise<void>;
}

/**
 * A record list of a trading screen with every state: a skeleton while it first loads, an error with a retry when
 * there is nothing to show, the empty state, then `head` and the rows (with infinite scroll when read page by
 * page).
 */
export function ListStates<T extends { id: string }>({
  look,
  source,
  empty,
  label,
  head,
  children,
}: {
  look: ListLook;
  source: ListSource<T>;
  empty: { title: ReactNode; testId?: string };
  label?: string;
  head?: ReactNode;
  children: (item: T) => ReactNode;
}) {
  const { query, items, loadMore } = source;
  if (query.isPending) return <ListSkeleton list={look.list} row={look.row} />;
  // A failed refresh keeps what was read; a paged list with no rows offers the retry.
  const failed = query.isError && (loadMore ? items.length === 0 : query.data === undefined);
  if (failed) return <ErrorState onRetry={() => void query.refetch()} />;
  if (items.length === 0) return <EmptyState title={empty.title} testId={empty.testId} />;
  return (
    <>
      {head}
      <ul className={look.list} aria-label={label}>
        {items.map((item) => (
          <li key={item.id}>{children(item)}</li>
        ))}
      </ul>
      {loadMore ? <InfiniteScroll loadMore={loadMore} hasMore={source.hasMore ?? false} className={look.more} /> : null}
    </>
  );
}
