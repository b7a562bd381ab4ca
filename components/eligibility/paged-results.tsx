'use client';

import type { UseQueryResult } from '@tanstack/react-query';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { Pager } from '@/components/ui/pager';
import { EmptyState } from '@/components/ui/states';
import type { NumberedPaging } from '@/components/list/use-numbered-paging';

type ResultsPage<R> = { results: R[]; totalResults: number | null };

type Texts = {
  /** Name of the table's region. */
  table: string;
  caption: string;
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
 * One page of an upstream results list paged by number (`maxPageSize`, `currentPage`): the data
 * table (loading, error with retry, empty, rows kept on screen while the next page arrives) and
 * the pager in numbered mode.
 */
export function PagedResults<R extends object>({
  query,
  texts,
  columns,
  rowKey,
  rowClassName,
  loadingRows,
  paging: { page, size, onPage, onSize },
}: {
  query: UseQueryResult<ResultsPage<R>>;
  texts: Texts;
  columns: DataColumn<R>[];
  rowKey: (row: R, index: number) => string;
  rowClassName?: string;
  loadingRows?: number;
  paging: NumberedPaging;
}) {
  const data = query.data;
  const shown = data?.results.length ?? 0;
  const pages = data?.totalResults == null ? null : Math.max(1, Math.ceil(data.totalResults / size));
  return (
    <>
      <DataTable
        label={texts.table}
        caption={texts.caption}
        columns={columns}
        query={query}
        rows={data?.results}
        rowKey={rowKey}
        rowClassName={rowClassName}
        loadingRows={loadingRows}
        texts={{ loading: texts.loading, error: texts.error, refreshing: texts.refreshing }}
        empty={<EmptyState title={texts.empty}>{page > 0 ? 'Go back to the first page.' : texts.emptyFirstPage}</EmptyState>}
      />
      {data && shown > 0 && !query.isError ? (
        <Pager
          label={texts.pager}
          mode="numbered"
          pageIndex={page}
          pageSize={size}
          shown={shown}
          total={data.totalResults}
          hasPrevious={page > 0}
          hasNext={pages === null ? shown === size : page + 1 < pages}
          busy={query.isFetching}
          onPrevious={() => onPage(page - 1)}
          onNext={() => onPage(page + 1)}
          onPageSize={onSize}
        />
      ) : null}
    </>
  );
}
