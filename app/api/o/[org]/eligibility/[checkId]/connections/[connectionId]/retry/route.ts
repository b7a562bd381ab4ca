import { withOrg } from '@/lib/bff/with-org';
import { retryConnectionOfCheck } from '@/lib/eligibility/server/connect-eligible-vehicles';
import { checkConnectionParamsSchema } from '@/lib/eligibility/schemas';

/** Sends the rows the service marked `canRetry` as one new request, once. */
export const POST = withOrg((access) => retryConnectionOfCheck(access, access.params.checkId, access.params.connectionId), {
  permission: 'connect.create',
  params: checkConnectionParamsSchema,
  stepUp: 'eligibility.bulk_connect',
  audit: {
    action: 'eligibility.bulk_connect_retried',
    target: ({ params }) => ({ type: 'bulk_connection', id: params.connectionId }),
    details: ({ result }) => ({ requests: result.connections.map((c) => ({ upstreamId: c.upstreamId, vinCount: c.vinCount })) }),
  },
});
