import { disconnectAccount } from '@/lib/accounts/server/disconnect-account';
import { withOrg } from '@/lib/bff/with-org';
import { accountParamsSchema } from '@/lib/vehicles/schemas';

export const POST = withOrg(({ org, params }) => disconnectAccount(org, params.accountId), {
  permission: 'accounts.write',
  params: accountParamsSchema,
  stepUp: 'account.disconnect',
  audit: {
    action: 'accounts.disconnected',
    target: ({ params }) => ({ type: 'account', id: params.accountId }),
    // Kept for a later Reconnect: the upstream forgets the account and its vehicles.
    details: ({ result }) => ({ makes: result.makes }),
  },
});
