import type { ReactNode } from 'react';
import { ErrorState } from './error-state';

/** What QueryView needs of a read (a react-query result fits). */
export interface ReadState<T> {
  data: T | undefined;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * A read's three faces: `children(data)` once it arrived (kept while it is read again), an error with a retry when
 * it failed, and `loading` (a skeleton) meanwhile.
 */
export function QueryView<T>({
  query,
  loading,
  children,
}: {
  query: ReadState<T>;
  loading: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError) return <ErrorState onRetry={() => void query.refetch()} />;
  return <>{loading}</>;
}
