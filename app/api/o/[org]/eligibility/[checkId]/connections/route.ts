import { withOrg } from '@/lib/bff/with-org';
import { connectEligibleOfCheck, listConnectionsOfCheck } from '@/lib/eligibility/server/connect-eligible-vehicles';
import { eligibilityCheckParamsSchema } from '@/lib/eligibility/schemas';

/** The bulk connection requests sent from this check, open ones refreshed (per-VIN outcomes kept once settled). */
export const GET = withOrg(({ org, params }) => listConnectionsOfCheck(org, params.checkId), {
  permission: 'eligibility.read',
  params: eligibilityCheckParamsSchema,
});

/** Connects the check's eligible VINs, in requests of at most 100. */
export const POST = withOrg((access) => connectEligibleOfCheck(access, access.params.checkId), {
  permission: 'connect.create',
  params: eligibilityCheckParamsSchema,
  stepUp: 'eligibility.bulk_connect',
  audit: {
    action: 'eligibility.bulk_connect_sent',
    target: ({ params }) => ({ type: 'eligibility_check', id: params.checkId }),
    details: ({ result }) => ({
      requests: result.connections.map((c) => ({ upstreamId: c.upstreamId, vinCount: c.vinCount })),
      unmatched: result.unmatched,
    }),
  },
});
