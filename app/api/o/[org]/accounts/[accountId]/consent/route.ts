import { accountConsent } from '@/lib/accounts/server/account-consent';
import { accountConsentQuerySchema } from '@/lib/accounts/schemas';
import { withOrg } from '@/lib/bff/with-org';
import { accountParamsSchema } from '@/lib/vehicles/schemas';

export const GET = withOrg((access) => accountConsent(access, access.params.accountId, access.query), {
  permission: 'accounts.read',
  params: accountParamsSchema,
  query: accountConsentQuerySchema,
});
