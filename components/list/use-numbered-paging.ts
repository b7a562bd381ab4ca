import { useQueryStates } from 'nuqs';
import { numberedPagingParams } from '@/components/list/url-params';
import { PAGE_SIZES } from '@/components/ui/page-sizes';

/** Where a numbered list stands (page from 0) and how to move it. */
export type NumberedPaging = { page: number; size: number; onPage: (page: number) => void; onSize: (size: number) => void };

type PagingKeys = { page: string; size: string };
const DEFAULT_KEYS: PagingKeys = { page: 'page', size: 'size' };

/**
 * The paging of a numbered list, kept in the URL under `keys` (pages counted from 1 there, the
 * first left out; pass a constant, not a new object each render): where it stands, the query that
 * asks the upstream for that page, and the moves. A new page is a history entry; a new size
 * starts at the first page.
 */
export function useNumberedPaging(keys: PagingKeys = DEFAULT_KEYS): NumberedPaging & { upstreamQuery: string } {
  const [{ page, size }, setPaging] = useQueryStates(numberedPagingParams, { urlKeys: keys });
  return {
    page,
    size,
    upstreamQuery: new URLSearchParams({ maxPageSize: String(size), currentPage: String(page) }).toString(),
    onPage: (next) => void setPaging({ page: next }, { history: 'push' }),
    onSize: (next) => void setPaging({ size: PAGE_SIZES.find((size) => size === next) ?? null, page: null }),
  };
}
