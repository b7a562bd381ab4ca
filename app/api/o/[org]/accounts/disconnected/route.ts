import { listDisconnectedAccounts } from '@/lib/accounts/server/account-consent';
import { withOrg } from '@/lib/bff/with-org';

export const GET = withOrg((access) => listDisconnectedAccounts(access), { permission: 'accounts.read' });
