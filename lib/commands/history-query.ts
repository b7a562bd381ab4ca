'use client';

// Apart from query.ts: the command history (an infinite query) is the commands page's, and loads
// in the vehicle page's command panel only when it is opened.

import { useInfiniteQuery } from '@tanstack/react-query';
import type { ExecutionView } from '@/lib/commands/execution-view';
import { commandKeys } from '@/lib/commands/query-keys';
import { stillSettling } from '@/lib/commands/settling';
import { apiFetch } from '@/lib/query/api-fetch';

const vehicleCommandsPath = (org: string, vehicleId: string) => `/api/o/${org}/vehicles/${encodeURIComponent(vehicleId)}/commands`;

/** Whether the history includes what the service lists (commands sent elsewhere), and if not, why. */
export type UpstreamList =
  | { state: 'included' }
  | { state: 'not_offered'; learnedAt: string; requestId: string | null }
  | { state: 'unavailable'; message: string; requestId: string | null };

type HistoryPage = { executions: ExecutionView[]; nextCursor: string | null; upstreamList: UpstreamList };

/** The command history (the organization's, or one vehicle's), older pages on demand, read again while any execution settles. */
export function useCommandHistory(org: string, vehicleId: string | undefined, queryString: string) {
  const base = vehicleId ? vehicleCommandsPath(org, vehicleId) : `/api/o/${org}/commands`;
  return useInfiniteQuery({
    queryKey: commandKeys.history(org, vehicleId, queryString),
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams(queryString);
      if (pageParam) params.set('before', pageParam);
      return apiFetch<HistoryPage>(`${base}?${params}`);
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: (q) => (q.state.data?.pages.some((p) => p.executions.some(stillSettling)) ? 3_000 : false),
  });
}
