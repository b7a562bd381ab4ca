import { withOrg } from '@/lib/bff/with-org';
import { exportEligibilityResults } from '@/lib/eligibility/server/manage-eligibility-checks';
import { eligibilityCheckParamsSchema } from '@/lib/eligibility/schemas';

export const GET = withOrg(({ org, params }) => exportEligibilityResults(org, params.checkId), {
  permission: 'eligibility.read',
  params: eligibilityCheckParamsSchema,
});
