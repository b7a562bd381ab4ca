import { withOrg } from '@/lib/bff/with-org';
import { memberEmails } from '@/lib/commands/history';
import { createConnectLink, toLinkView, type ConsentLinkView } from '@/lib/connect/links';
import { getDb } from '@/lib/db';
import { listConsentLinks } from '@/lib/db/repos/consent-links';
import { orgVehicleApi } from '@/lib/bff/org-vehicle-api';
import { connectLinkSchema, consentLinkListQuerySchema, type ConnectLinkRequest } from '@/lib/validations/connect';

/** The consent links Motorpool issued, newest first (the upstream keeps no list of them). */
export const GET = withOrg(
  async ({ org, query }) => {
    const db = getDb();
    const links = await listConsentLinks(db, { organizationId: org.id, status: query.status, limit: 100 });
    const emails = await memberEmails(db, org.id, links.map((l) => l.createdBy));
    return { links: links.map((l) => toLinkView(l, emails)) };
  },
  { permission: 'connect.read', query: consentLinkListQuerySchema },
);

/** A new consent link for an account or one vehicle; its return URL is Motorpool's landing page. */
export const POST = withOrg(
  async ({ org, user, body, setUpstreamRequestId }) => {
    const db = getDb();
    const { link, requestId } = await createConnectLink(db, await orgVehicleApi(org), { organizationId: org.id, userId: user.id, request: body });
    setUpstreamRequestId(requestId);
    return { link: toLinkView(link, new Map([[user.id, user.email]])) };
  },
  {
    permission: 'connect.create',
    body: connectLinkSchema,
    audit: {
      action: 'connect.link_created',
      resultTarget: (result) => ({ type: 'consent_link', id: (result as { link: ConsentLinkView }).link.id }),
      details: ({ body }) => {
        const b = body as ConnectLinkRequest;
        return { mode: b.mode, scopes: b.scopes, makes: b.makes, region: b.region, locale: b.locale, vin: b.mode === 'vehicle' ? b.vin : undefined };
      },
    },
  },
);
