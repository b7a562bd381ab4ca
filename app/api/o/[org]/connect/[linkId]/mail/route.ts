import { withOrg } from '@/lib/bff/with-org';
import { mailLinkSchema } from '@/lib/connect/mail-schemas';
import { consentLinkParamsSchema } from '@/lib/connect/schemas';
import { mailConsentLink } from '@/lib/connect/server/mail-consent-link';

export const POST = withOrg(({ org, params, body }) => mailConsentLink(org, params.linkId, body), {
  permission: 'connect.create',
  params: consentLinkParamsSchema,
  body: mailLinkSchema,
  audit: {
    action: 'connect.link_mailed',
    target: ({ params }) => ({ type: 'consent_link', id: params.linkId }),
    details: ({ body }) => ({ to: body.to }),
  },
});
