import { withOrg } from '@/lib/bff/with-org';
import { memberEmails } from '@/lib/commands/history';
import { getDb } from '@/lib/db';
import { listEligibilityChecks } from '@/lib/db/repos/eligibility-checks';
import { refreshOpenChecks, submitEligibilityCheck, toCheckView, type EligibilityCheckView } from '@/lib/eligibility/checks';
import { orgVehicleApi } from '@/lib/bff/org-vehicle-api';
import { eligibilityCheckBodySchema, type EligibilityCheckBody } from '@/lib/validations/eligibility';

/** The checks Motorpool sent (the upstream cannot list them), newest first, open ones refreshed. */
export const GET = withOrg(
  async ({ org }) => {
    const db = getDb();
    await refreshOpenChecks(db, await orgVehicleApi(org), org.id);
    const checks = await listEligibilityChecks(db, org.id, { limit: 100 });
    const emails = await memberEmails(db, org.id, checks.map((c) => c.createdBy));
    return { checks: checks.map((c) => toCheckView(c, emails)) };
  },
  { permission: 'eligibility.read' },
);

/** One check of at most 500 VINs; the browser sends a longer list as several of these. */
export const POST = withOrg(
  async ({ org, user, body, setUpstreamRequestId }) => {
    const { check, requestId } = await submitEligibilityCheck(getDb(), await orgVehicleApi(org), { organizationId: org.id, userId: user.id, body });
    setUpstreamRequestId(requestId);
    return { check: toCheckView(check, new Map([[user.id, user.email]])) };
  },
  {
    permission: 'eligibility.write',
    body: eligibilityCheckBodySchema,
    audit: {
      action: 'eligibility.check_created',
      resultTarget: (result) => ({ type: 'eligibility_check', id: (result as { check: EligibilityCheckView }).check.id }),
      details: ({ body, result }) => ({
        vinCount: (body as EligibilityCheckBody).vins.length,
        label: (body as EligibilityCheckBody).label,
        upstreamId: (result as { check: EligibilityCheckView }).check.upstreamId,
      }),
    },
  },
);
