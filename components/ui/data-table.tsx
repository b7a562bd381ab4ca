'use client';

import type { RowData } from '@tanstack/react-table';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Refreshing } from './refreshing';
import { ErrorState, LoadingRows } from './states';

/** One column of a list: its id (the sort key in the URL where the list sorts), header and cell. */
export type DataColumn<T> = {
  id: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Numbers: right-aligned header and cells. */
  align?: 'right';
  /** Extra classes of this column's cells (mono ids, no wrapping, small text). */
  className?: string;
  /** The header is a button that cycles ascending, descending, unsorted (needs `sort` on the table). */
  sortable?: boolean;
};

export type SortValue = { id: string; desc: boolean };

/** What a list's data table needs of its query (TanStack Query results have all of it). */
export type ListQuery = { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown; isPlaceholderData?: boolean };

export type DataTableGridProps<T extends RowData> = {
  label: string;
  caption: string;
  columns: DataColumn<T>[];
  rows: T[];
  rowKey: (row: T, index: number) => string;
  sort?: { value: SortValue | null; onChange: (next: SortValue | null) => void };
  rowClassName?: string;
  rowAttributes?: (row: T) => Record<`data-${string}`, string>;
  inCard?: boolean;
  virtualize?: { from: number; rowHeight: number };
  /**
   * Rows chosen with a checkbox each (TanStack Table's row selection), kept by the list: the ids
   * of the chosen rows, and a name of each row for its checkbox's label.
   */
  selection?: { selected: ReadonlySet<string>; onChange: (next: Set<string>) => void; rowLabel: (row: T) => string; pageLabel: string };
};

type DataTableProps<T extends RowData> = Omit<DataTableGridProps<T>, 'rows'> & {
  query: ListQuery;
  rows: T[] | undefined;
  /** Shown as loading although the query has settled (a paging reset under way). */
  pending?: boolean;
  texts: { loading: string; error?: string; refreshing?: string };
  loadingRows?: number;
  /** Shown when there is no row: an EmptyState that says what to do next. */
  empty: ReactNode;
};

// TanStack Table is loaded beside the list's first request, not in the page's first-load JS.
const loadGrid = () => import('./data-table-grid');
const Grid = lazy(loadGrid) as <T extends RowData>(props: DataTableGridProps<T>) => ReactNode;

/**
 * Every list's body: loading rows, the error with its request id and a retry, the empty state,
 * or the table (kept on screen, marked busy, while the next page or filter arrives).
 */
export function DataTable<T extends RowData>({ query, rows, pending, texts, loadingRows, empty, ...grid }: DataTableProps<T>) {
  useEffect(() => {
    void loadGrid();
  }, []);
  const loading = <LoadingRows rows={loadingRows} label={texts.loading} />;
  const body =
    query.isPending || pending || (!rows && !query.isError) ? (
      loading
    ) : query.isError ? (
      <ErrorState error={query.error} title={texts.error} onRetry={() => query.refetch()} />
    ) : !rows || rows.length === 0 ? (
      empty
    ) : (
      <Refreshing active={Boolean(query.isPlaceholderData)} label={texts.refreshing ?? texts.loading}>
        <Suspense fallback={loading}>
          <Grid {...grid} rows={rows} />
        </Suspense>
      </Refreshing>
    );
  const isTable = Boolean(rows?.length) && !query.isPending && !pending && !query.isError;
  return grid.inCard && !isTable ? <div className="p-4">{body}</div> : body;
}
