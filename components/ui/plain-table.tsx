import type { ReactNode } from 'react';
import { cn } from './cn';

/** A column header: its text, or its text with its alignment (numbers right) and extra classes (a width). */
export type PlainColumn = ReactNode | { label: ReactNode; align?: 'right'; className?: string };

const HEAD = 'border-b border-zinc-200 text-xs text-zinc-600 dark:border-zinc-800 dark:text-zinc-400';
const BODY = 'divide-y divide-zinc-100 dark:divide-zinc-800';

function isColumnObject(column: PlainColumn): column is { label: ReactNode; align?: 'right'; className?: string } {
  return typeof column === 'object' && column !== null && 'label' in column;
}

/**
 * A small table inside a card (no paging, no sorting: those are DataTable's): the screen-reader
 * caption, the header row from a list of columns, and the rows (children) in the body.
 */
export function PlainTable({
  caption,
  columns,
  cellClassName = 'px-3 py-2',
  className,
  headClassName = HEAD,
  bodyClassName = BODY,
  children,
}: {
  caption: string;
  columns: PlainColumn[];
  /** The padding of the header cells, matching the body's cells. */
  cellClassName?: string;
  className?: string;
  headClassName?: string;
  bodyClassName?: string;
  children: ReactNode;
}) {
  return (
    <table className={cn('w-full text-left text-sm', className)}>
      <caption className="sr-only">{caption}</caption>
      <thead className={headClassName}>
        <tr>
          {columns.map((column, i) => {
            const {
              label,
              align,
              className: extra,
            } = isColumnObject(column) ? column : { label: column, align: undefined, className: undefined };
            return (
              <th key={i} scope="col" className={cn(cellClassName, align === 'right' && 'text-right', extra, 'font-medium')}>
                {label}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody className={bodyClassName}>{children}</tbody>
    </table>
  );
}
