import { withOrg } from '@/lib/bff/with-org';
import { memberEmails } from '@/lib/commands/history';
import { getDb } from '@/lib/db';
import { refreshCheck, toCheckView } from '@/lib/eligibility/checks';
import { getCheckOrThrow } from '@/lib/eligibility/load-check';
import { orgVehicleApi } from '@/lib/bff/org-vehicle-api';
import { eligibilityCheckParamsSchema } from '@/lib/validations/eligibility';

/** One kept check, its status refreshed from the upstream (at most once a second however many poll). */
export const GET = withOrg(
  async ({ org, params }) => {
    const db = getDb();
    const check = await refreshCheck(db, await orgVehicleApi(org), await getCheckOrThrow(db, org.id, params.checkId));
    return { check: toCheckView(check, await memberEmails(db, org.id, [check.createdBy])) };
  },
  { permission: 'eligibility.read', params: eligibilityCheckParamsSchema },
);
