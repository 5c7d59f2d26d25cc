import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Page } from '@/components/ui/page';
import { type PageOf, usePagedList } from '@/lib/use-paged-list';
import { type QueryKey, onlineManager } from '@tanstack/react-query';
import { InfiniteScroll, PullToRefresh, Skeleton } from 'antd-mobile';
import { type ReactNode, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

interface ListProps<T extends { id: string }> {
  renderItem: (item: T) => ReactNode;
  empty: ReactNode;
  label?: string;
  /** Lines of each skeleton card while the first page loads (as tall as the rows it stands for). */
  skeletonLines?: number;
  /** Added to the list's class, for a screen that tints its skeleton. */
  className?: string;
}

/** Whether the browser is online, as TanStack Query sees it (its reads pause while offline). */
function useOnline(): boolean {
  return useSyncExternalStore(
    (onChange) => onlineManager.subscribe(onChange),
    () => onlineManager.isOnline(),
    () => true,
  );
}

/**
 * A record list with every state (ARCHITECTURE §5): skeleton while the first page loads, an error with retry,
 * an empty state, then the rows with infinite scroll (its own retry when a later page fails).
 * Offline, a read does not fail: TanStack Query pauses it until the connection returns, which showed a skeleton (or
 * the infinite scroll's "Loading…") for as long as the phone stayed offline. A paused first page is shown as the
 * error it is for the user, with a retry; a later page fails at once. Back online the paused read resumes by itself,
 * and a later page that failed is asked for again (the infinite scroll is mounted afresh, so it loads what is in view).
 */
export function PagedList<T extends { id: string }>({
  paged,
  renderItem,
  empty,
  label,
  skeletonLines = 3,
  className,
}: ListProps<T> & { paged: ReturnType<typeof usePagedList<T>> }) {
  const { t } = useTranslation();
  const { query, items, hasMore, loadMore } = paged;
  const online = useOnline();
  const [onlineSince, setOnlineSince] = useState(0);
  useEffect(() => {
    if (online) setOnlineSince((n) => n + 1);
  }, [online]);
  const extra = className ? ` ${className}` : '';
  if (query.isPending && query.fetchStatus === 'paused') {
    return (
      <ErrorState
        title={t('common.offlineList')}
        description={t('common.offlineListDesc')}
        onRetry={() => void query.refetch()}
        testId="list-offline"
      />
    );
  }
  if (query.isPending) {
    return (
      <div className={`record-skeleton${extra}`} role="status" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <div key={i} className="record-card">
            <Skeleton.Title animated />
            <Skeleton.Paragraph lineCount={skeletonLines} animated />
          </div>
        ))}
      </div>
    );
  }
  if (query.isError && items.length === 0) return <ErrorState onRetry={() => void query.refetch()} />;
  if (items.length === 0) return <EmptyState title={empty} />;
  return (
    <>
      <ul className={`record-list${extra}`} aria-label={label}>
        {items.map((item) => (
          <li key={item.id}>{renderItem(item)}</li>
        ))}
      </ul>
      <InfiniteScroll
        key={onlineSince}
        loadMore={async () => {
          // Offline the next page would wait for the connection: its retry says so now instead.
          if (!onlineManager.isOnline()) throw new Error('offline');
          await loadMore();
        }}
        hasMore={hasMore}
        className="record-list__more"
      />
    </>
  );
}

/**
 * A page that is one record list (deposits, withdrawals, converts, transfers): the title, pull to refresh, and the
 * list read page by page under `queryKey`.
 */
export function RecordListPage<T extends { id: string }>({
  title,
  testId,
  queryKey,
  fetchPage,
  ...list
}: ListProps<T> & {
  title: string;
  testId: string;
  queryKey: QueryKey;
  fetchPage: (page: number, pageSize: number, signal: AbortSignal) => Promise<PageOf<T>>;
}) {
  const paged = usePagedList(queryKey, fetchPage);
  return (
    <Page title={title} back testId={testId}>
      <PullToRefresh onRefresh={() => paged.query.refetch()}>
        <PagedList paged={paged} label={title} {...list} />
      </PullToRefresh>
    </Page>
  );
}
