import { withOrg } from '@/lib/bff/with-org';
import { getEligibilityCheck } from '@/lib/eligibility/server/manage-eligibility-checks';
import { eligibilityCheckParamsSchema } from '@/lib/eligibility/schemas';

export const GET = withOrg(({ org, params }) => getEligibilityCheck(org, params.checkId, { refresh: true }), {
  permission: 'eligibility.read',
  params: eligibilityCheckParamsSchema,
});
