// Starting a bulk job from the vehicles list, apart from query.ts (the job page's reads and
// controls), which the list page does not need.

import type { BulkJobView } from '@/lib/bulk/bulk-job-view';
import type { BulkJobInput } from '@/lib/bulk/schemas';
import { apiFetch } from '@/lib/query/api-fetch';

const jobsPath = (org: string) => `/api/o/${org}/bulk`;

/** How many vehicles a selection covers, for the confirmation (nothing is recorded). */
export function previewBulkJob(org: string, input: BulkJobInput): Promise<{ preview: { count: number } }> {
  return apiFetch(`${jobsPath(org)}/preview`, { method: 'POST', json: input });
}

export function startBulkJob(org: string, input: BulkJobInput): Promise<{ job: BulkJobView }> {
  return apiFetch(jobsPath(org), { method: 'POST', json: input });
}
