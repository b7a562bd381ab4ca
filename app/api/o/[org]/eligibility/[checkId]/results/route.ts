import { withOrg } from '@/lib/bff/with-org';
import { getDb } from '@/lib/db';
import { getCheckOrThrow } from '@/lib/eligibility/load-check';
import { orgVehicleApi } from '@/lib/bff/org-vehicle-api';
import { eligibilityCheckParamsSchema, resultsPageQuerySchema } from '@/lib/validations/eligibility';

/** One page of a check's per-VIN results, as the upstream pages them (`maxPageSize`, `currentPage`). */
export const GET = withOrg(
  async ({ org, params, query }) => {
    const check = await getCheckOrThrow(getDb(), org.id, params.checkId);
    const response = await (await orgVehicleApi(org)).getEligibilityResults(check.upstreamId, query);
    return { results: response.data.results, totalResults: response.data.totalResults ?? null, page: query, requestId: response.requestId };
  },
  { permission: 'eligibility.read', params: eligibilityCheckParamsSchema, query: resultsPageQuerySchema },
);
