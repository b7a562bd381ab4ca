import { withOrg } from '@/lib/bff/with-org';
import { bulkJobControlSchema, bulkJobParamsSchema } from '@/lib/bulk/schemas';
import { controlBulkJob, getBulkJobView } from '@/lib/bulk/server/manage-bulk-jobs';

export const GET = withOrg(({ params, ...access }) => getBulkJobView(access, params.jobId), {
  permission: 'vehicles.read',
  params: bulkJobParamsSchema,
});

/** Pause, resume or cancel. */
export const POST = withOrg(({ params, body, ...access }) => controlBulkJob(access, params.jobId, body.op), {
  permission: 'vehicles.write',
  params: bulkJobParamsSchema,
  body: bulkJobControlSchema,
  audit: {
    action: 'bulk.controlled',
    target: ({ params }) => ({ type: 'bulk_job', id: params.jobId }),
    details: ({ body }) => ({ op: body.op }),
  },
});
