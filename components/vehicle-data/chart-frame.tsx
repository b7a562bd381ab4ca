import type { ReactNode } from 'react';
import { TableScroll } from '@/components/ui/table-scroll';

export type ChartTable = { caption: string; columns: string[]; rows: { key: string; cells: ReactNode[] }[] };

/**
 * A chart for the eye and the same numbers as a table for everyone else: the drawing is hidden
 * from assistive technology, the table sits in a disclosure any keyboard or screen reader opens.
 */
export function ChartFrame({
  title,
  summary,
  table,
  height = 'h-64',
  children,
}: {
  title: string;
  summary: string;
  table: ChartTable;
  height?: string;
  children: ReactNode;
}) {
  return (
    <figure className="space-y-2">
      <figcaption className="text-sm font-medium">
        {title}
        <span className="block text-xs font-normal text-zinc-600 dark:text-zinc-400">{summary}</span>
      </figcaption>
      <div aria-hidden className={`${height} w-full text-zinc-600 dark:text-zinc-400`}>
        {children}
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer text-xs font-medium text-accent-700 dark:text-accent-100">Show the numbers as a table</summary>
        <TableScroll label={table.caption} scroll="both" className="mt-2 max-h-80">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{table.caption}</caption>
            <thead className="sticky top-0 border-b border-zinc-200 bg-white text-xs text-zinc-600 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-400">
              <tr>
                {table.columns.map((column, i) => (
                  <th key={column} scope="col" className={`px-3 py-2 font-medium ${i > 0 ? 'text-right' : ''}`}>
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
              {table.rows.map((row) => (
                <tr key={row.key}>
                  {row.cells.map((cell, i) =>
                    i === 0 ? (
                      <th key={i} scope="row" className="px-3 py-1.5 font-normal whitespace-nowrap">
                        {cell}
                      </th>
                    ) : (
                      <td key={i} className="tabular px-3 py-1.5 text-right whitespace-nowrap">
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </details>
    </figure>
  );
}
