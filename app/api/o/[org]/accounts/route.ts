import { listAccounts } from '@/lib/accounts/server/list-accounts';
import { withOrg } from '@/lib/bff/with-org';
import { listQuerySchema } from '@/lib/vehicles/schemas';

export const GET = withOrg(({ org, query }) => listAccounts(org, query), { permission: 'accounts.read', query: listQuerySchema });
