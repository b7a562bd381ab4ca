import 'server-only';
import type { ApiResponse } from './client';

interface CursorPage {
  results: readonly unknown[];
  nextPageToken?: string | null;
}

/**
 * Iterates every page of a cursor-paged list, keeping the caller's filter on each request (the
 * upstream refuses a page token with a different filter). Yields each page's response.
 */
export async function* paginate<P extends { pageToken?: string } | undefined, R extends CursorPage>(
  listFn: (params: P) => Promise<ApiResponse<R>>,
  params: NoInfer<P>,
): AsyncGenerator<ApiResponse<R>, void, undefined> {
  let pageToken = params?.pageToken;
  const seen = new Set<string>();
  for (;;) {
    const page = await listFn({ ...params, pageToken } as P);
    yield page;
    const next = page.data.nextPageToken;
    if (!next) return;
    // A token handed out twice would loop forever; stop rather than hammer the upstream.
    if (seen.has(next)) throw new Error(`paginate: page token repeated (${next.slice(0, 16)}...)`);
    seen.add(next);
    pageToken = next;
  }
}

/** Every item of every page, in list order. */
export async function* paginateItems<P extends { pageToken?: string } | undefined, R extends CursorPage>(
  listFn: (params: P) => Promise<ApiResponse<R>>,
  params: NoInfer<P>,
): AsyncGenerator<R['results'][number], void, undefined> {
  for await (const page of paginate(listFn, params)) {
    for (const item of page.data.results as R['results']) yield item as R['results'][number];
  }
}

interface NumberedPage {
  results: readonly unknown[];
  totalResults?: number | null;
}

/**
 * Iterates the page-numbered lists (eligibility and bulk connection results, `currentPage` from 0)
 * until `totalResults` is reached or a page comes back short.
 */
export async function* paginateNumbered<R extends NumberedPage>(
  pageFn: (page: { maxPageSize: number; currentPage: number }) => Promise<ApiResponse<R>>,
  maxPageSize = 100,
): AsyncGenerator<ApiResponse<R>, void, undefined> {
  let seen = 0;
  for (let currentPage = 0; ; currentPage++) {
    const page = await pageFn({ maxPageSize, currentPage });
    yield page;
    seen += page.data.results.length;
    const total = page.data.totalResults;
    if (page.data.results.length < maxPageSize || (typeof total === 'number' && seen >= total)) return;
  }
}
