import { withOrg } from '@/lib/bff/with-org';
import { bulkJobInputSchema } from '@/lib/bulk/schemas';
import { previewBulkJob } from '@/lib/bulk/server/manage-bulk-jobs';

/**
 * Counts the vehicles a bulk job would cover, for its confirmation; records nothing. In filter
 * mode one preview may cost up to 100 upstream calls, so a person gets 20 a minute.
 */
export const POST = withOrg(({ body, ...access }) => previewBulkJob(access, body), {
  permission: 'vehicles.write',
  body: bulkJobInputSchema,
  perPerson: { name: 'bulk.preview', limit: 20, windowMs: 60_000 },
});
