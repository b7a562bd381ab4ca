import { withOrg } from '@/lib/bff/with-org';
import { orgVehicleApi } from '@/lib/bff/org-vehicle-api';
import { bulkConnectionParamsSchema, resultsPageQuerySchema } from '@/lib/validations/eligibility';

/** One page of a bulk connection's per-VIN outcomes. */
export const GET = withOrg(
  async ({ org, params, query }) => {
    const response = await (await orgVehicleApi(org)).getBulkConnectionResults(params.connectionId, query);
    return { results: response.data.results, totalResults: response.data.totalResults ?? null, page: query, requestId: response.requestId };
  },
  { permission: 'eligibility.read', params: bulkConnectionParamsSchema, query: resultsPageQuerySchema },
);
