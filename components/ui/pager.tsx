'use client';

import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button';
import { inputClassOf } from './field';
import { PAGE_SIZES } from './page-sizes';

type PagerProps = {
  /** Names the navigation ("<label> pages") and the page-size control. */
  label: string;
  /**
   * `cursor`: pages reached by following tokens, so only the current page number is known.
   * `numbered`: pages addressed by number, so the page count is shown when the total is known.
   */
  mode: 'cursor' | 'numbered';
  /** The current page, from 0. */
  pageIndex: number;
  pageSize: number;
  /** Rows on the current page. */
  shown: number;
  /** Rows in the whole list, when the upstream says. */
  total: number | null;
  hasPrevious: boolean;
  hasNext: boolean;
  busy?: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onPageSize: (size: number) => void;
};

/** Previous / Next, the page size choice, and where the reader is: the one pager of every paged list. */
export function Pager({
  label,
  mode,
  pageIndex,
  pageSize,
  shown,
  total,
  hasPrevious,
  hasNext,
  busy,
  onPrevious,
  onNext,
  onPageSize,
}: PagerProps) {
  const pages = mode === 'numbered' && total !== null ? Math.max(1, Math.ceil(total / pageSize)) : null;
  const first = pageIndex * pageSize + (shown ? 1 : 0);
  const last = pageIndex * pageSize + shown;
  const standard = (PAGE_SIZES as readonly number[]).includes(pageSize);
  return (
    <nav aria-label={`${label} pages`} className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="tabular text-zinc-600 dark:text-zinc-400" aria-live="polite">
        Page {pageIndex + 1}
        {pages !== null ? ` of ${pages}` : ''} · {first}–{last}
        {total !== null ? ` of ${total}` : ''}
      </p>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div className="flex items-center gap-2">
          <label htmlFor={`${label}-page-size`} className="text-zinc-600 dark:text-zinc-400">
            Per page
          </label>
          <select
            id={`${label}-page-size`}
            className={inputClassOf({ width: 'w-20', padding: 'py-1.5' })}
            value={pageSize}
            onChange={(e) => onPageSize(Number(e.target.value))}
          >
            {standard ? null : <option value={pageSize}>{pageSize}</option>}
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-center gap-2">
          <Button variant="secondary" size="sm" onClick={onPrevious} disabled={!hasPrevious || busy}>
            <ChevronLeft aria-hidden className="h-4 w-4" /> Previous
          </Button>
          <Button variant="secondary" size="sm" onClick={onNext} disabled={!hasNext || busy}>
            Next <ChevronRight aria-hidden className="h-4 w-4" />
          </Button>
        </div>
      </div>
    </nav>
  );
}
