import { withOrg } from '@/lib/bff/with-org';
import { csvResponse } from '@/lib/csv';
import { getDb } from '@/lib/db';
import { ELIGIBILITY_CSV_HEADER, eligibilityResultRows } from '@/lib/eligibility/checks';
import { getCheckOrThrow } from '@/lib/eligibility/load-check';
import { orgVehicleApi } from '@/lib/bff/org-vehicle-api';
import { eligibilityCheckParamsSchema } from '@/lib/validations/eligibility';

/** Every per-VIN result of a check as CSV, streamed page by page. */
export const GET = withOrg(
  async ({ org, params }) => {
    const check = await getCheckOrThrow(getDb(), org.id, params.checkId);
    const api = await orgVehicleApi(org);
    return csvResponse(`eligibility-${check.createdAt.toISOString().slice(0, 10)}-${check.id.slice(-8)}.csv`, ELIGIBILITY_CSV_HEADER, eligibilityResultRows(api, check.upstreamId));
  },
  { permission: 'eligibility.read', params: eligibilityCheckParamsSchema },
);
