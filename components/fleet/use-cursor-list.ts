'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { currentToken, readPageStack, writePageStack } from '@/lib/fleet/page-stack';
import type { ListPage } from '@/lib/fleet/types';
import { ApiClientError, apiFetch } from '@/lib/query/api-fetch';
import { useSearchState } from '@/lib/query/use-search-state';
import { PAGE_SIZE } from '@/lib/contract/vehicle-api';
import { isListResetCode, RESET_MESSAGES, resetUpdateFor, type ListResetCode } from '@/lib/fleet/list-reset';

/** URL parameters every list control clears when it changes the list, so a reset notice does not linger. */
export const LIST_RESET = { pages: undefined, reset: undefined } as const;

/**
 * A cursor-paged list whose state lives in the URL: `pages` (the token stack), `size`, `filter`
 * and any extra parameters (tag filter). Each page is one request to the BFF.
 */
type PageShape<T> = { items: T[]; nextPageToken: string | null; totalResults: number | null };

/**
 * `apiParams` are sent to the BFF as they are (values the caller derived from the URL, such as
 * instants from the days of a date filter); `extraParams` are URL parameters passed through.
 */
export function useCursorList<T, P extends PageShape<T> = ListPage<T>>({
  endpoint,
  keyOf,
  extraParams = [],
  apiParams = {},
}: {
  endpoint: string;
  keyOf: (query: string) => readonly unknown[];
  extraParams?: readonly string[];
  apiParams?: Record<string, string | undefined>;
}) {
  const { searchParams, update } = useSearchState();
  const stack = readPageStack(searchParams.get('pages'));
  const pageSize = searchParams.get('size') ?? String(PAGE_SIZE.default);
  const filter = searchParams.get('filter') ?? '';
  const extras = Object.fromEntries(extraParams.map((name) => [name, searchParams.get(name) ?? '']));

  const apiQuery = new URLSearchParams({ pageSize });
  const token = currentToken(stack);
  if (token) apiQuery.set('pageToken', token);
  if (filter) apiQuery.set('filter', filter);
  for (const [name, value] of Object.entries(extras)) if (value) apiQuery.set(name, value);
  for (const [name, value] of Object.entries(apiParams)) if (value) apiQuery.set(name, value);
  const queryString = apiQuery.toString();

  const query = useQuery({
    queryKey: keyOf(queryString),
    queryFn: ({ signal }) => apiFetch<P>(`${endpoint}?${queryString}`, { signal }),
    placeholderData: keepPreviousData,
  });

  const resetCode = query.error instanceof ApiClientError && isListResetCode(query.error.code) ? query.error.code : null;
  useEffect(() => {
    if (resetCode) update(resetUpdateFor(resetCode));
  }, [resetCode, update]);

  const resetParam = searchParams.get('reset');
  const notice = isListResetCode(resetParam) ? RESET_MESSAGES[resetParam as ListResetCode] : null;

  return {
    query,
    /** True while a reset is under way: the error is being handled, not shown. */
    resetting: resetCode !== null,
    notice,
    searchParams,
    update,
    filter,
    extras,
    pageSize: Number(pageSize),
    pageNumber: stack.length + 1,
    queryString,
    hasPrevious: stack.length > 0,
    goNext: (nextToken: string) => update({ pages: writePageStack([...stack, nextToken]), reset: undefined }, { push: true }),
    goPrevious: () => update({ pages: writePageStack(stack.slice(0, -1)), reset: undefined }, { push: true }),
    setPageSize: (size: number) => update({ size: size === PAGE_SIZE.default ? undefined : String(size), ...LIST_RESET }, { push: true }),
  };
}
