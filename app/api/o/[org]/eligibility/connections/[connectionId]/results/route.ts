import { withOrg } from '@/lib/bff/with-org';
import { getBulkConnectionResults } from '@/lib/eligibility/server/get-bulk-connection';
import { bulkConnectionParamsSchema, resultsPageQuerySchema } from '@/lib/eligibility/schemas';

export const GET = withOrg(({ org, params, query }) => getBulkConnectionResults(org, params.connectionId, query), {
  permission: 'eligibility.read',
  params: bulkConnectionParamsSchema,
  query: resultsPageQuerySchema,
});
