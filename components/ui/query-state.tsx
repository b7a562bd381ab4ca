import type { ReactNode } from 'react';
import { SectionCard, type SectionFrame } from './card';
import { ErrorState } from './error-state';
import { LoadingRows } from './skeleton';

/** What QueryState needs of a query (TanStack Query results have all of it). */
type QueryLike<T> = { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown; data: T | undefined };

/**
 * A section's body while its query settles: loading rows, then the error with its request id and
 * a retry, then the empty state where the data has nothing to show, then the content.
 */
type QueryStateProps<T> = {
  query: QueryLike<T>;
  /** The accessible label of the loading rows. */
  loading: string;
  loadingRows?: number;
  errorTitle?: string;
  /** Whether the data has nothing to show, and what to show then. */
  empty?: { when: (data: T) => boolean; show: ReactNode };
  children: (data: T) => ReactNode;
};

export function QueryState<T>({ query, loading, loadingRows = 3, errorTitle, empty, children }: QueryStateProps<T>) {
  if (query.isPending || (!query.isError && query.data === undefined)) return <LoadingRows rows={loadingRows} label={loading} />;
  if (query.isError) return <ErrorState error={query.error} title={errorTitle} onRetry={() => query.refetch()} />;
  const data = query.data as T;
  return empty?.when(data) ? empty.show : children(data);
}

/** A section card whose body is one query's data, through QueryState; `after` follows it, whatever the query's state (a form, a result). */
export function QuerySectionCard<T>({
  query,
  loading,
  loadingRows,
  errorTitle,
  empty,
  children,
  after,
  ...frame
}: SectionFrame & QueryStateProps<T> & { after?: ReactNode }) {
  return (
    <SectionCard {...frame}>
      <QueryState query={query} loading={loading} loadingRows={loadingRows} errorTitle={errorTitle} empty={empty}>
        {children}
      </QueryState>
      {after}
    </SectionCard>
  );
}
