import { withOrg } from '@/lib/bff/with-org';
import { orgVehicleApi } from '@/lib/bff/org-vehicle-api';
import { accountParamsSchema } from '@/lib/validations/fleet';

export const GET = withOrg(
  async ({ org, params }) => {
    const response = await (await orgVehicleApi(org)).getAccount(params.accountId);
    return { account: response.data, requestId: response.requestId };
  },
  { permission: 'accounts.read', params: accountParamsSchema },
);
