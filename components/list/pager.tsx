'use client';

import { Pager } from '@/components/ui/pager';

export function ListNotice({ children }: { children: React.ReactNode }) {
  return (
    <p
      role="status"
      className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
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
  const next = page.nextPageToken;
  return (
    <Pager
      label={label}
      mode="cursor"
      pageIndex={list.pageNumber - 1}
      pageSize={list.pageSize}
      shown={page.items.length}
      total={page.totalResults}
      hasPrevious={list.hasPrevious}
      hasNext={Boolean(next)}
      busy={list.query.isFetching}
      onPrevious={list.goPrevious}
      onNext={() => next && list.goNext(next)}
      onPageSize={list.setPageSize}
    />
  );
}
