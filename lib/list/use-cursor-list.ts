'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createParser, parseAsInteger, parseAsString, parseAsStringLiteral, useQueryStates } from 'nuqs';
import { useEffect } from 'react';
import { currentToken, readPageStack, writePageStack } from '@/lib/list/page-stack';
import { ApiClientError, apiFetch } from '@/lib/query/api-fetch';
import { PAGE_SIZE } from '@/lib/contract/limits';
import { isListResetCode, RESET_CODES, RESET_MESSAGES, resetUpdateFor } from '@/lib/list/list-reset';

/** What every change of what a list shows clears: back to the first page, and no reset notice lingering. */
export const LIST_RESET = { pages: null, reset: null } as const;

/** The stack of page tokens that led to the current page (lib/list/page-stack.ts). */
const parseAsPageStack = createParser<string[]>({
  parse: (value) => readPageStack(value),
  serialize: (stack) => writePageStack(stack) ?? '',
  eq: (a, b) => a.length === b.length && a.every((token, i) => token === b[i]),
}).withDefault([]);

/** The URL parameters of every cursor-paged list. */
export const pagingParams = {
  pages: parseAsPageStack,
  size: parseAsInteger.withDefault(PAGE_SIZE.default),
  filter: parseAsString.withDefault(''),
  reset: parseAsStringLiteral(RESET_CODES),
};

/** What every cursor-paged BFF list answers. */
export type PageShape<T> = { items: T[]; nextPageToken: string | null; totalResults: number | null };

/**
 * A cursor-paged list whose state lives in the URL (through nuqs, so a view is shareable and Back
 * works): `pages` (the token stack), `size` and `filter`. Each page is one request to the BFF,
 * with `apiParams` added: the caller's own parameters (its other URL state, or values derived
 * from it such as the instants of a day range). A caller changing them in the same tick as
 * `restart()` lands on the first page in one history entry (nuqs batches the two).
 */
export function useCursorList<T, P extends PageShape<T> = PageShape<T>>({
  endpoint,
  keyOf,
  apiParams = {},
}: {
  endpoint: string;
  keyOf: (query: string) => readonly unknown[];
  apiParams?: Record<string, string | undefined>;
}) {
  const [state, setState] = useQueryStates(pagingParams);
  const stack = state.pages;

  const apiQuery = new URLSearchParams({ pageSize: String(state.size) });
  const token = currentToken(stack);
  if (token) apiQuery.set('pageToken', token);
  if (state.filter) apiQuery.set('filter', state.filter);
  for (const [name, value] of Object.entries(apiParams)) if (value) apiQuery.set(name, value);
  const queryString = apiQuery.toString();

  const query = useQuery({
    queryKey: keyOf(queryString),
    queryFn: ({ signal }) => apiFetch<P>(`${endpoint}?${queryString}`, { signal }),
    placeholderData: keepPreviousData,
  });

  const resetCode = query.error instanceof ApiClientError && isListResetCode(query.error.code) ? query.error.code : null;
  useEffect(() => {
    if (resetCode) void setState(resetUpdateFor(resetCode));
  }, [resetCode, setState]);

  return {
    query,
    /** True while a reset is under way: the error is being handled, not shown. */
    resetting: resetCode !== null,
    notice: state.reset ? RESET_MESSAGES[state.reset] : null,
    filter: state.filter,
    /** Back to the first page, as a new history entry: what any change of what the list shows does. */
    restart: () => void setState(LIST_RESET, { history: 'push' }),
    setFilter: (filter: string | null) => void setState({ filter, ...LIST_RESET }, { history: 'push' }),
    pageSize: state.size,
    pageNumber: stack.length + 1,
    queryString,
    hasPrevious: stack.length > 0,
    goNext: (nextToken: string) => void setState({ pages: [...stack, nextToken], reset: null }, { history: 'push' }),
    goPrevious: () => void setState({ pages: stack.slice(0, -1), reset: null }, { history: 'push' }),
    setPageSize: (size: number) => void setState({ size, ...LIST_RESET }, { history: 'push' }),
  };
}
