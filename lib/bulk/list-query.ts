'use client';

// Apart from query.ts (one job's reads and controls): the list of jobs is the bulk page's alone.

import { useInfiniteQuery } from '@tanstack/react-query';
import type { BulkJobView } from '@/lib/bulk/bulk-job-view';
import { bulkKeys } from '@/lib/bulk/query-keys';
import { apiFetch } from '@/lib/query/api-fetch';

type BulkJobsPage = { jobs: BulkJobView[]; nextCursor: string | null };

/** The organization's bulk jobs with the list's filters, older pages on demand, read again every 2 s while one runs. */
export function useBulkJobs(org: string, queryString: string) {
  return useInfiniteQuery({
    queryKey: bulkKeys.list(org, queryString),
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams(queryString);
      if (pageParam) params.set('before', pageParam);
      return apiFetch<BulkJobsPage>(`/api/o/${org}/bulk?${params}`);
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: (q) => (q.state.data?.pages.some((p) => p.jobs.some((j) => j.status === 'running')) ? 2_000 : false),
  });
}
