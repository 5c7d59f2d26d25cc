import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import type { usePagedList } from '@/lib/use-paged-list';
import { InfiniteScroll, Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';

/**
 * A record list with every state (ARCHITECTURE §5): skeleton while the first page loads, an error with retry,
 * an empty state, then the rows with infinite scroll (its own retry when a later page fails).
 */
export function PagedList<T extends { id: string }>({
  paged,
  renderItem,
  empty,
  label,
}: {
  paged: ReturnType<typeof usePagedList<T>>;
  renderItem: (item: T) => ReactNode;
  empty: ReactNode;
  label?: string;
}) {
  const { query, items, hasMore, loadMore } = paged;
  if (query.isPending) {
    return (
      <div className="record-skeleton" role="status" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <div key={i} className="record-card">
            <Skeleton.Title animated />
            <Skeleton.Paragraph lineCount={2} animated />
          </div>
        ))}
      </div>
    );
  }
  if (query.isError && items.length === 0) return <ErrorState onRetry={() => void query.refetch()} />;
  if (items.length === 0) return <EmptyState title={empty} />;
  return (
    <>
      <ul className="record-list" aria-label={label}>
        {items.map((item) => (
          <li key={item.id}>{renderItem(item)}</li>
        ))}
      </ul>
      <InfiniteScroll loadMore={loadMore} hasMore={hasMore} className="record-list__more" />
    </>
  );
}
