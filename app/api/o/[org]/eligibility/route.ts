import { withOrg } from '@/lib/bff/with-org';
import { createEligibilityCheck, listEligibilityChecks } from '@/lib/eligibility/server/manage-eligibility-checks';
import { eligibilityCheckBodySchema } from '@/lib/eligibility/schemas';

export const GET = withOrg(({ org }) => listEligibilityChecks(org), { permission: 'eligibility.read' });

export const POST = withOrg((access) => createEligibilityCheck(access, access.body), {
  permission: 'eligibility.write',
  body: eligibilityCheckBodySchema,
  audit: {
    action: 'eligibility.check_created',
    resultTarget: (result) => ({ type: 'eligibility_check', id: result.check.id }),
    details: ({ body, result }) => ({ vinCount: body.vins.length, label: body.label, upstreamId: result.check.upstreamId }),
  },
});
