'use client';

import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/field';
import { cn } from '@/components/ui/cn';

const SIZES = [20, 50, 100] as const;

type PagerProps = {
  label: string;
  pageNumber: number;
  pageSize: number;
  shown: number;
  total: number | null;
  hasPrevious: boolean;
  nextToken: string | null;
  busy?: boolean;
  onPrevious: () => void;
  onNext: (token: string) => void;
  onPageSize: (size: number) => void;
};

/** Previous / Next over page tokens, the page size choice, and where the reader is. */
export function Pager({ label, pageNumber, pageSize, shown, total, hasPrevious, nextToken, busy, onPrevious, onNext, onPageSize }: PagerProps) {
  const first = (pageNumber - 1) * pageSize + (shown ? 1 : 0);
  const last = (pageNumber - 1) * pageSize + shown;
  return (
    <nav aria-label={`${label} pages`} className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="tabular text-zinc-600 dark:text-zinc-400" aria-live="polite">
        Page {pageNumber} · {first}–{last}
        {total !== null ? ` of ${total}` : ''}
      </p>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div className="flex items-center gap-2">
          <label htmlFor={`${label}-page-size`} className="text-zinc-600 dark:text-zinc-400">
            Per page
          </label>
          <select
            id={`${label}-page-size`}
            className={cn(inputClass, 'w-20 py-1.5')}
            value={SIZES.includes(pageSize as (typeof SIZES)[number]) ? pageSize : ''}
            onChange={(e) => onPageSize(Number(e.target.value))}
          >
            {SIZES.includes(pageSize as (typeof SIZES)[number]) ? null : <option value="">{pageSize}</option>}
            {SIZES.map((size) => (
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
          <Button variant="secondary" size="sm" onClick={() => nextToken && onNext(nextToken)} disabled={!nextToken || busy}>
            Next <ChevronRight aria-hidden className="h-4 w-4" />
          </Button>
        </div>
      </div>
    </nav>
  );
}

export function ListNotice({ children }: { children: React.ReactNode }) {
  return (
    <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
      {children}
    </p>
  );
}

type CursorListState = {
  pageNumber: number;
  pageSize: number;
  hasPrevious: boolean;
  goPrevious: () => void;
  goNext: (token: string) => void;
  setPageSize: (size: number) => void;
  query: { data?: { items: unknown[]; nextPageToken: string | null; totalResults: number | null }; isFetching: boolean };
};

/** The pager of a list kept by useCursorList, once its page has loaded. */
export function CursorListPager({ label, list }: { label: string; list: CursorListState }) {
  const page = list.query.data;
  if (!page) return null;
  return (
    <Pager
      label={label}
      pageNumber={list.pageNumber}
      pageSize={list.pageSize}
      shown={page.items.length}
      total={page.totalResults}
      hasPrevious={list.hasPrevious}
      nextToken={page.nextPageToken}
      busy={list.query.isFetching}
      onPrevious={list.goPrevious}
      onNext={list.goNext}
      onPageSize={list.setPageSize}
    />
  );
}
