import { bulkJobStepUp } from '@/lib/auth/dangerous-actions';
import { withOrg } from '@/lib/bff/with-org';
import { TYPE_BACK_ABOVE } from '@/lib/bulk/bulk-job-view';
import { bulkJobInputSchema, bulkJobListQuerySchema } from '@/lib/bulk/schemas';
import { listBulkJobViews, startBulkJob } from '@/lib/bulk/server/manage-bulk-jobs';

/** Past and running bulk jobs, newest first, with who started them and their outcome counts. */
export const GET = withOrg(({ query, ...access }) => listBulkJobViews(access, query), {
  permission: 'vehicles.read',
  query: bulkJobListQuerySchema,
});

/** Records a bulk job over the selected vehicles; the background job `bulk.run` carries it out. */
export const POST = withOrg(({ body, ...access }) => startBulkJob(access, body), {
  permission: 'vehicles.write',
  body: bulkJobInputSchema,
  stepUp: ({ body }) => bulkJobStepUp(body, TYPE_BACK_ABOVE),
  audit: {
    action: 'bulk.created',
    resultTarget: (result) => ({ type: 'bulk_job', id: result.job.id }),
    details: ({ body, result }) => ({
      action: body.action,
      ...('tag' in body ? { tag: body.tag } : {}),
      ...('command' in body ? { command: body.command } : {}),
      selection:
        body.selection.mode === 'ids'
          ? { mode: 'ids', ...(body.selection.retryOf ? { retryOf: body.selection.retryOf } : {}) }
          : body.selection,
      total: result.job.total,
    }),
  },
});
