import { withOrg } from '@/lib/bff/with-org';
import { bulkJobParamsSchema } from '@/lib/bulk/schemas';
import { exportBulkJob } from '@/lib/bulk/server/manage-bulk-jobs';

export const GET = withOrg(({ params, ...access }) => exportBulkJob(access, params.jobId), {
  permission: 'vehicles.read',
  params: bulkJobParamsSchema,
});
