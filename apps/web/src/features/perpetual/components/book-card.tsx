import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import type { ReactNode } from 'react';

/**
 * A card of the market's activity (the order book, the latest trades): its title, then the first state that holds
 * of an error with a retry, placeholders while loading, the empty state, or the content.
 */
export function BookCard({
  id,
  title,
  testId,
  failed,
  loading,
  empty,
  onRetry,
  children,
}: {
  /** The title's id, which labels the card. */
  id: string;
  title: string;
  testId: string;
  failed: boolean;
  loading: boolean;
  /** The empty state's title, when there is nothing to show. */
  empty: string | null;
  onRetry: () => void;
  children: ReactNode;
}) {
  return (
    <section className="book-card" data-testid={testId} aria-labelledby={id}>
      <header className="book-card__header">
        <h3 id={id} className="section__title">
          {title}
        </h3>
      </header>
      {failed ? (
        <ErrorState onRetry={onRetry} />
      ) : loading ? (
        <div className="book-card__loading" aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
            <span key={i} className="skeleton-block" />
          ))}
        </div>
      ) : empty !== null ? (
        <EmptyState title={empty} />
      ) : (
        children
      )}
    </section>
  );
}
