import { AppError } from '@/lib/errors/app-error';
import { withOrg } from '@/lib/bff/with-org';
import { memberEmails } from '@/lib/commands/history';
import { toLinkView } from '@/lib/connect/links';
import { getDb } from '@/lib/db';
import { getConsentLink } from '@/lib/db/repos/consent-links';
import { consentLinkParamsSchema } from '@/lib/validations/connect';

export const GET = withOrg(
  async ({ org, params }) => {
    const db = getDb();
    const link = await getConsentLink(db, org.id, params.linkId);
    if (!link) throw new AppError('NOT_FOUND', 'No such consent link.');
    return { link: toLinkView(link, await memberEmails(db, org.id, [link.createdBy])) };
  },
  { permission: 'connect.read', params: consentLinkParamsSchema },
);
