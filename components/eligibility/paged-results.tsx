'use client';

import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Refreshing } from '@/components/ui/refreshing';
import { EmptyState, ErrorState, LoadingRows } from '@/components/ui/states';
import { TableScroll } from '@/components/ui/table-scroll';
import { NumberedPager } from './numbered-pager';

type ResultsPage<R> = { results: R[]; totalResults: number | null };

type Texts = {
  /** Name of the table's region. */
  table: string;
  /** Name of the pager (its navigation is "<pager> pages"). */
  pager: string;
  loading: string;
  refreshing: string;
  error: string;
  empty: string;
  /** Why the first page is empty (later pages say to go back). */
  emptyFirstPage: string;
};

/**
 * One page of an upstream results list paged by number (`maxPageSize`, `currentPage`): loading,
 * error with retry, empty, the table (drawn by `children`) kept on screen while the next page
 * arrives, and the pager.
 */
export function PagedResults<R>({
  query,
  texts,
  loadingRows,
  page,
  size,
  onPage,
  onSize,
  children,
}: {
  query: UseQueryResult<ResultsPage<R>>;
  texts: Texts;
  loadingRows?: number;
  page: number;
  size: number;
  onPage: (page: number) => void;
  onSize: (size: number) => void;
  children: (rows: R[]) => ReactNode;
}) {
  if (query.isPending) return <LoadingRows rows={loadingRows} label={texts.loading} />;
  if (query.isError) return <ErrorState error={query.error} title={texts.error} onRetry={() => query.refetch()} />;
  if (query.data.results.length === 0) return <EmptyState title={texts.empty}>{page > 0 ? 'Go back to the first page.' : texts.emptyFirstPage}</EmptyState>;
  return (
    <>
      <Refreshing active={query.isPlaceholderData} label={texts.refreshing}>
        <TableScroll label={texts.table}>{children(query.data.results)}</TableScroll>
      </Refreshing>
      <NumberedPager
        label={texts.pager}
        page={page}
        size={size}
        total={query.data.totalResults}
        shown={query.data.results.length}
        busy={query.isFetching}
        onPage={onPage}
        onSize={onSize}
      />
    </>
  );
}
