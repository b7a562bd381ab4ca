'use client';

import {
  FlexRender,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type RowData,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { lazy, Suspense, useMemo, useRef, type ReactNode } from 'react';
import { cn } from './cn';
import type { DataColumn, DataTableGridProps, SortValue } from './data-table';
import { TableScroll } from './table-scroll';

const VirtualRows = lazy(() => import('./virtual-rows').then((m) => ({ default: m.VirtualRows })));

const features = tableFeatures({ rowSortingFeature, rowSelectionFeature });

const SELECT = '__select';

/** The one header style of every list. */
const HEAD = 'border-b border-zinc-200 text-xs text-zinc-600 uppercase dark:border-zinc-800 dark:text-zinc-400';
const CELL = 'px-3 py-2';

function toSorting(value: SortValue | null | undefined): SortingState {
  return value ? [{ id: value.id, desc: value.desc }] : [];
}

/**
 * The table of a list on TanStack Table: column definitions, headers that sort when the list
 * keeps a sort in its URL (the rows arrive sorted: the sort is the list's, the table only tells
 * and toggles it), and only the rows in view in the DOM when a page is large.
 */
export default function DataTableGrid<T extends RowData>({
  label,
  caption,
  columns,
  rows,
  rowKey,
  sort,
  rowClassName,
  rowAttributes,
  inCard,
  virtualize,
  selection,
}: DataTableGridProps<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const byId = useMemo(() => new Map(columns.map((c) => [c.id, c])), [columns]);
  const rowLabel = selection?.rowLabel;
  const pageLabel = selection?.pageLabel;
  const defs = useMemo<ColumnDef<typeof features, T>[]>(
    () => [
      ...(rowLabel
        ? [
            {
              id: SELECT,
              accessorFn: () => null,
              enableSorting: false,
              header: ({ table }) => (
                <SelectBox
                  label={pageLabel!}
                  checked={table.getIsAllPageRowsSelected()}
                  indeterminate={table.getIsSomePageRowsSelected()}
                  onChange={(value) => table.toggleAllPageRowsSelected(value)}
                />
              ),
              cell: ({ row }) => (
                <SelectBox label={rowLabel(row.original)} checked={row.getIsSelected()} onChange={(value) => row.toggleSelected(value)} />
              ),
            } satisfies ColumnDef<typeof features, T>,
          ]
        : []),
      ...columns.map((c): ColumnDef<typeof features, T> => ({
        id: c.id,
        // Sorting needs an accessor; the value is not used (the list sorts its rows itself).
        accessorFn: () => null,
        header: () => c.header,
        cell: ({ row }) => c.cell(row.original),
        enableSorting: Boolean(c.sortable && sort),
      })),
    ],
    [columns, sort, rowLabel, pageLabel],
  );
  const sorting = toSorting(sort?.value);
  const rowSelection: RowSelectionState = {};
  for (const id of selection?.selected ?? []) rowSelection[id] = true;
  const table = useTable({
    features,
    columns: defs,
    data: rows,
    getRowId: (row: T, index: number) => rowKey(row, index),
    state: { sorting, rowSelection },
    enableRowSelection: Boolean(selection),
    onRowSelectionChange: (updater: Updater<RowSelectionState>) => {
      const next = typeof updater === 'function' ? updater(rowSelection) : updater;
      selection?.onChange(new Set(Object.keys(next).filter((id) => next[id])));
    },
    manualSorting: true,
    sortDescFirst: false,
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      sort?.onChange(next[0] ? { id: next[0].id, desc: next[0].desc } : null);
    },
  });
  const tableRows = table.getRowModel().rows;
  const virtual = virtualize !== undefined && rows.length >= virtualize.from;

  const renderRow = (index: number, measure?: (el: HTMLTableRowElement | null) => void): ReactNode => {
    const row = tableRows[index];
    return (
      <tr
        key={row.id}
        data-index={measure ? index : undefined}
        ref={measure}
        className={cn('hover:bg-zinc-50 dark:hover:bg-zinc-800/50', rowClassName)}
        {...rowAttributes?.(row.original)}
      >
        {row.getAllCells().map((cell) => {
          if (cell.column.id === SELECT)
            return (
              <td key={cell.id} className={cn(CELL, 'w-8')}>
                <FlexRender cell={cell} />
              </td>
            );
          const column = byId.get(cell.column.id) as DataColumn<T>;
          return (
            <td key={cell.id} className={cn(CELL, column.align === 'right' && 'tabular text-right', column.className)}>
              <FlexRender cell={cell} />
            </td>
          );
        })}
      </tr>
    );
  };

  return (
    <TableScroll
      ref={scrollRef}
      label={label}
      frame={inCard ? 'flush' : 'card'}
      scroll={virtual ? 'both' : 'x'}
      className={virtual ? 'max-h-[70vh]' : undefined}
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className={cn(HEAD, virtual && 'sticky top-0 z-10 bg-white dark:bg-zinc-900')}>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                if (header.column.id === SELECT)
                  return (
                    <th key={header.id} scope="col" className={cn(CELL, 'w-8')}>
                      <FlexRender header={header} />
                    </th>
                  );
                const column = byId.get(header.column.id) as DataColumn<T>;
                const direction = header.column.getIsSorted();
                const Icon = !direction ? ArrowUpDown : direction === 'desc' ? ArrowDown : ArrowUp;
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={direction ? (direction === 'desc' ? 'descending' : 'ascending') : undefined}
                    className={cn(CELL, 'font-medium whitespace-nowrap', column.align === 'right' && 'text-right')}
                  >
                    {header.column.getCanSort() ? (
                      <button
                        type="button"
                        onClick={header.column.getToggleSortingHandler()}
                        className="inline-flex items-center gap-1 uppercase hover:text-zinc-900 dark:hover:text-zinc-100"
                      >
                        <FlexRender header={header} />
                        <Icon aria-hidden className="h-3.5 w-3.5" />
                      </button>
                    ) : (
                      <FlexRender header={header} />
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {virtual ? (
            <Suspense fallback={tableRows.slice(0, 30).map((_, i) => renderRow(i))}>
              <VirtualRows
                count={tableRows.length}
                rowHeight={virtualize.rowHeight}
                columns={defs.length}
                scrollRef={scrollRef}
                renderRow={renderRow}
              />
            </Suspense>
          ) : (
            tableRows.map((_, i) => renderRow(i))
          )}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** One row's checkbox, or the header's for every row of the page (mixed while only some are chosen). */
function SelectBox({
  label,
  checked,
  indeterminate = false,
  onChange,
}: {
  label: string;
  checked: boolean;
  indeterminate?: boolean;
  onChange: (value: boolean) => void;
}) {
  return (
    <input
      type="checkbox"
      aria-label={label}
      className="h-4 w-4 align-middle"
      checked={checked}
      ref={(el) => {
        if (el) el.indeterminate = indeterminate && !checked;
      }}
      onChange={(e) => onChange(e.target.checked)}
    />
  );
}
