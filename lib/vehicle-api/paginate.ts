import 'server-only';
import type { ApiResponse } from './client';
import { isVehicleApiError } from './errors';

/** [V] Page tokens expire; a list walk then starts again from the first page, with the same filter. */
const MAX_RESTARTS = 2;

export interface PaginateOptions {
  /** Called when an expired page token made the walk start again: what was counted so far is counted again. */
  onRestart?: () => void;
}

interface CursorPage {
  results: readonly unknown[];
  nextPageToken?: string | null;
}

/**
 * Iterates every page of a cursor-paged list, keeping the caller's filter on each request (the
 * upstream refuses a page token with a different filter). Yields each page's response. A page
 * token that expired (`QUERY_PAGE_TOKEN_EXPIRED`) starts the walk again from the first page, with
 * the same filter, at most twice; `onRestart` says so.
 */
export async function* paginate<P extends { pageToken?: string } | undefined, R extends CursorPage>(
  listFn: (params: P) => Promise<ApiResponse<R>>,
  params: NoInfer<P>,
  options: PaginateOptions = {},
): AsyncGenerator<ApiResponse<R>, void, undefined> {
  let pageToken = params?.pageToken;
  const seen = new Set<string>();
  let restarts = 0;
  for (;;) {
    let page: ApiResponse<R>;
    try {
      page = await listFn({ ...params, pageToken } as P);
    } catch (error) {
      if (!pageToken || restarts >= MAX_RESTARTS || !isVehicleApiError(error) || error.code !== 'QUERY_PAGE_TOKEN_EXPIRED') throw error;
      restarts++;
      pageToken = undefined;
      seen.clear();
      options.onRestart?.();
      continue;
    }
    yield page;
    const next = page.data.nextPageToken;
    if (!next) return;
    // A token handed out twice would loop forever; stop rather than hammer the upstream.
    if (seen.has(next)) throw new Error(`paginate: page token repeated (${next.slice(0, 16)}...)`);
    seen.add(next);
    pageToken = next;
  }
}

/** Every item of every page, in list order; after a restart, items already given (by `id`) are not given again. */
export async function* paginateItems<P extends { pageToken?: string } | undefined, R extends CursorPage>(
  listFn: (params: P) => Promise<ApiResponse<R>>,
  params: NoInfer<P>,
): AsyncGenerator<R['results'][number], void, undefined> {
  const given = new Set<unknown>();
  let restarted = false;
  for await (const page of paginate(listFn, params, { onRestart: () => (restarted = true) })) {
    for (const item of page.data.results as R['results']) {
      const id = (item as { id?: unknown } | null)?.id;
      if (restarted && id !== undefined && given.has(id)) continue;
      if (id !== undefined) given.add(id);
      yield item as R['results'][number];
    }
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
