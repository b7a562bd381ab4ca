import { withOrg } from '@/lib/bff/with-org';
import { orgVehicleApi } from '@/lib/bff/org-vehicle-api';
import { accountParamsSchema } from '@/lib/validations/fleet';

/** Disconnect an OEM account: every vehicle under it stops synchronising. */
export const POST = withOrg(
  async ({ org, params, setUpstreamRequestId }) => {
    const response = await (await orgVehicleApi(org)).disconnectAccount(params.accountId);
    setUpstreamRequestId(response.requestId);
    return { ok: true, requestId: response.requestId };
  },
  {
    permission: 'accounts.write',
    params: accountParamsSchema,
    audit: { action: 'accounts.disconnected', target: ({ params }) => ({ type: 'account', id: (params as { accountId: string }).accountId }) },
  },
);
