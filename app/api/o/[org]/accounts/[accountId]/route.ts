import { getAccount } from '@/lib/accounts/server/get-account';
import { withOrg } from '@/lib/bff/with-org';
import { accountParamsSchema } from '@/lib/vehicles/schemas';

export const GET = withOrg(({ org, params }) => getAccount(org, params.accountId), {
  permission: 'accounts.read',
  params: accountParamsSchema,
});
