'use client';

import { useQuery } from '@tanstack/react-query';
import type { ConsoleSearchResult } from '@/lib/search/console-search';
import { apiFetch } from '@/lib/query/api-fetch';
import { searchKeys } from '@/lib/search/query-keys';

/** ⌘K's server search; runs from two characters on (the caller debounces the text). */
export function useConsoleSearch(org: string, q: string) {
  const text = q.trim();
  return useQuery({
    queryKey: searchKeys.results(org, text),
    queryFn: ({ signal }) => apiFetch<ConsoleSearchResult>(`/api/o/${org}/search?${new URLSearchParams({ q: text })}`, { signal }),
    enabled: text.length >= 2,
    staleTime: 15_000,
  });
}
