import { withOrg } from '@/lib/bff/with-org';
import { getBulkConnection } from '@/lib/eligibility/server/get-bulk-connection';
import { bulkConnectionParamsSchema } from '@/lib/eligibility/schemas';

export const GET = withOrg(({ org, params }) => getBulkConnection(org, params.connectionId), {
  permission: 'eligibility.read',
  params: bulkConnectionParamsSchema,
});
