'use client';

import { useQuery } from '@tanstack/react-query';
import type { BulkItemView, BulkJobView } from '@/lib/bulk/bulk-job-view';
import { apiFetch } from '@/lib/query/api-fetch';
import { bulkKeys } from '@/lib/bulk/query-keys';

const jobsPath = (org: string) => `/api/o/${org}/bulk`;

export function controlBulkJob(org: string, id: string, op: 'pause' | 'resume' | 'cancel'): Promise<{ job: BulkJobView }> {
  return apiFetch(`${jobsPath(org)}/${encodeURIComponent(id)}`, { method: 'POST', json: { op } });
}

export const bulkExportPath = (org: string, id: string) => `${jobsPath(org)}/${encodeURIComponent(id)}/export`;

/** A job and its outcomes, read every second while it runs. */
export function useBulkJob(org: string, id: string) {
  return useQuery({
    queryKey: bulkKeys.job(org, id),
    queryFn: () => apiFetch<{ job: BulkJobView; items: BulkItemView[] }>(`${jobsPath(org)}/${encodeURIComponent(id)}`),
    refetchInterval: (q) => (q.state.data?.job.status === 'running' ? 1_000 : false),
  });
}
