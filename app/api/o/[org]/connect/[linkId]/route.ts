import { withOrg } from '@/lib/bff/with-org';
import { getConsentLink } from '@/lib/connect/server/list-consent-links';
import { consentLinkParamsSchema } from '@/lib/connect/schemas';

export const GET = withOrg(({ org, params }) => getConsentLink(org, params.linkId), {
  permission: 'connect.read',
  params: consentLinkParamsSchema,
});
