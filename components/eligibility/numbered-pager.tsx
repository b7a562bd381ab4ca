'use client';

import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { inputClass } from '@/components/ui/field';

const SIZES = [20, 50, 100] as const;

/** Pages by number (`currentPage` from 0, `maxPageSize`), as the eligibility and bulk results are paged. */
export function NumberedPager({
  label,
  page,
  size,
  total,
  shown,
  busy,
  onPage,
  onSize,
}: {
  label: string;
  page: number;
  size: number;
  total: number | null;
  shown: number;
  busy?: boolean;
  onPage: (page: number) => void;
  onSize: (size: number) => void;
}) {
  const pages = total === null ? null : Math.max(1, Math.ceil(total / size));
  const first = page * size + (shown ? 1 : 0);
  const last = page * size + shown;
  const hasNext = pages === null ? shown === size : page + 1 < pages;
  return (
    <nav aria-label={`${label} pages`} className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="tabular text-zinc-600 dark:text-zinc-400" aria-live="polite">
        Page {page + 1}
        {pages !== null ? ` of ${pages}` : ''} · {first}–{last}
        {total !== null ? ` of ${total}` : ''}
      </p>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div className="flex items-center gap-2">
          <label htmlFor={`${label}-page-size`} className="text-zinc-600 dark:text-zinc-400">
            Per page
          </label>
          <select id={`${label}-page-size`} className={cn(inputClass, 'w-20 py-1.5')} value={size} onChange={(e) => onSize(Number(e.target.value))}>
            {(SIZES as readonly number[]).includes(size) ? null : <option value={size}>{size}</option>}
            {SIZES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-center gap-2">
          <Button variant="secondary" size="sm" onClick={() => onPage(page - 1)} disabled={page === 0 || busy}>
            <ChevronLeft aria-hidden className="h-4 w-4" /> Previous
          </Button>
          <Button variant="secondary" size="sm" onClick={() => onPage(page + 1)} disabled={!hasNext || busy}>
            Next <ChevronRight aria-hidden className="h-4 w-4" />
          </Button>
        </div>
      </div>
    </nav>
  );
}

/** Page number and size from the URL, clamped to what the upstream accepts. */
export function readPaging(searchParams: URLSearchParams | { get(name: string): string | null }, pageKey: string, sizeKey: string) {
  const page = Number.parseInt(searchParams.get(pageKey) ?? '', 10);
  const size = Number.parseInt(searchParams.get(sizeKey) ?? '', 10);
  return { page: Number.isFinite(page) && page > 0 ? page - 1 : 0, size: (SIZES as readonly number[]).includes(size) ? size : SIZES[0] };
}
