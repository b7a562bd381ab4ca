import { withOrg } from '@/lib/bff/with-org';
import { bulkJobInputSchema } from '@/lib/bulk/schemas';
import { previewBulkJob } from '@/lib/bulk/server/manage-bulk-jobs';

/** Counts the vehicles a bulk job would cover, for its confirmation; records nothing. */
export const POST = withOrg(({ body, ...access }) => previewBulkJob(access, body), {
  permission: 'vehicles.write',
  body: bulkJobInputSchema,
});
