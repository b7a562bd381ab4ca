import { withOrg } from '@/lib/bff/with-org';
import { bulkJobParamsSchema } from '@/lib/validations/bulk';
import { exportBulkJob } from '@/lib/vehicles/server/bulk-jobs';

export const GET = withOrg(({ params, ...access }) => exportBulkJob(access, params.jobId), {
  permission: 'vehicles.read',
  params: bulkJobParamsSchema,
});
