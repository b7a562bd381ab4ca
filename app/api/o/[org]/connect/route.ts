import { withOrg } from '@/lib/bff/with-org';
import { createOrgConnectLink } from '@/lib/connect/server/create-connect-link';
import { listConsentLinks } from '@/lib/connect/server/list-consent-links';
import { connectLinkSchema, consentLinkListQuerySchema } from '@/lib/connect/schemas';

export const GET = withOrg(({ org, query }) => listConsentLinks(org, query), {
  permission: 'connect.read',
  query: consentLinkListQuerySchema,
});

export const POST = withOrg((access) => createOrgConnectLink(access, access.body), {
  permission: 'connect.create',
  body: connectLinkSchema,
  audit: {
    action: 'connect.link_created',
    resultTarget: (result) => ({ type: 'consent_link', id: result.link.id }),
    details: ({ body: b }) => ({
      mode: b.mode,
      scopes: b.scopes,
      makes: b.makes,
      region: b.region,
      locale: b.locale,
      vin: b.mode === 'vehicle' ? b.vin : undefined,
      reconnectsAccountId: b.reconnectsAccountId,
      reconnectsVehicleId: b.reconnectsVehicleId,
      mailedTo: b.mailTo || undefined,
    }),
  },
});
