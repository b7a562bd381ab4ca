import { withOrg } from '@/lib/bff/with-org';
import { getEligibilityResults } from '@/lib/eligibility/server/manage-eligibility-checks';
import { eligibilityCheckParamsSchema, resultsPageQuerySchema } from '@/lib/eligibility/schemas';

export const GET = withOrg(({ org, params, query }) => getEligibilityResults(org, params.checkId, query), {
  permission: 'eligibility.read',
  params: eligibilityCheckParamsSchema,
  query: resultsPageQuerySchema,
});
