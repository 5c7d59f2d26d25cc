import { ErrorState } from '@/components/ui/error-state';
import { Page } from '@/components/ui/page';
import { Skeleton } from 'antd-mobile';
import type { ComponentProps, ReactNode } from 'react';
import { isNotFound } from './record-lookup';

/** A placeholder card while something loads: a title line and `lines` of text, in a block of `className`. */
export function SkeletonCard({ className, lines }: { className: string; lines: number }) {
  return (
    <div className={className} aria-busy="true">
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={lines} animated />
    </div>
  );
}

/** What of a query a screen reads. */
export interface QueryLike<T> {
  data: T | undefined;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * Every state of one record or document on screen: `notFound` when `missing` (no id) or the server answered 404,
 * then the data, an error with a retry, or a skeleton card (`loading`) while it loads.
 */
export function QueryState<T>({
  query,
  loading,
  missing = false,
  notFound,
  children,
}: {
  query: QueryLike<T>;
  loading: { className: string; lines: number };
  missing?: boolean;
  notFound?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (notFound !== undefined && (missing || isNotFound(query.error))) return notFound;
  if (query.data !== undefined) return children(query.data);
  if (query.isError) return <ErrorState onRetry={() => void query.refetch()} />;
  return <SkeletonCard {...loading} />;
}

/**
 * A page that shows one record or document (a rule book, a notice, an order): the title bar with its way back,
 * then every state of the query (`QueryState`), in a `stack` column when asked.
 */
export function QueryPage<T>({
  title,
  testId,
  className,
  stack = false,
  children,
  ...state
}: ComponentProps<typeof QueryState<T>> & { title: string; testId: string; className?: string; stack?: boolean }) {
  const body = <QueryState {...state}>{children}</QueryState>;
  return (
    <Page title={title} back testId={testId} className={className}>
      {stack ? <div className="stack">{body}</div> : body}
    </Page>
  );
}
