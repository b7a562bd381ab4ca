import { listAccounts } from '@/lib/accounts/server/list-accounts';
import { withOrg } from '@/lib/bff/with-org';
import { listQuerySchema } from '@/lib/validations/fleet';

export const GET = withOrg(({ org, query }) => listAccounts(org, query), { permission: 'accounts.read', query: listQuerySchema });
