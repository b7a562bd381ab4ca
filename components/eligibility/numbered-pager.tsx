import { PAGE_SIZES } from '@/components/ui/pager';
import type { useSearchState } from '@/lib/query/use-search-state';

/** Page number and size from the URL, clamped to what the upstream accepts (`currentPage` from 0, `maxPageSize`). */
export function readPaging(searchParams: URLSearchParams | { get(name: string): string | null }, pageKey: string, sizeKey: string) {
  const page = Number.parseInt(searchParams.get(pageKey) ?? '', 10);
  const size = Number.parseInt(searchParams.get(sizeKey) ?? '', 10);
  return {
    page: Number.isFinite(page) && page > 0 ? page - 1 : 0,
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : PAGE_SIZES[0],
  };
}

/** Where a numbered list stands (page from 0) and how to move it. */
export type NumberedPaging = { page: number; size: number; onPage: (page: number) => void; onSize: (size: number) => void };

/**
 * The paging of an upstream results list, kept in the URL under pageKey and sizeKey (pages
 * counted from 1 there, the first left out): where it stands, the query that asks the upstream
 * for that page, and the moves. A new page is a history entry; a new size starts at the first page.
 */
export function pagingInUrl(
  { searchParams, update }: ReturnType<typeof useSearchState>,
  pageKey: string,
  sizeKey: string,
): NumberedPaging & { upstreamQuery: string } {
  const { page, size } = readPaging(searchParams, pageKey, sizeKey);
  return {
    page,
    size,
    upstreamQuery: new URLSearchParams({ maxPageSize: String(size), currentPage: String(page) }).toString(),
    onPage: (next) => update({ [pageKey]: next > 0 ? String(next + 1) : undefined }, { push: true }),
    onSize: (next) => update({ [sizeKey]: String(next), [pageKey]: undefined }),
  };
}
