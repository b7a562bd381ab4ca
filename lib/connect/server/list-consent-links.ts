import 'server-only';
import type { Org } from '@/lib/org/org-access';
import { getDb } from '@/lib/db';
import { getConsentLink as getConsentLinkRow, listConsentLinks as listConsentLinkRows } from '@/lib/db/repos/consent-links';
import { AppError } from '@/lib/errors/app-error';
import { memberEmails } from '@/lib/members/server/member-emails';
import type { ConsentLinkListQuery } from '@/lib/connect/schemas';
import { toLinkView } from './link-view';

/** The consent links Motorpool issued, newest first (the upstream keeps no list of them). */
export async function listConsentLinks(org: Org, query: ConsentLinkListQuery) {
  const db = getDb();
  const links = await listConsentLinkRows(db, { organizationId: org.id, status: query.status, limit: 100 });
  const emails = await memberEmails(
    db,
    org.id,
    links.map((l) => l.createdBy),
  );
  return { links: links.map((l) => toLinkView(l, emails)) };
}

export async function getConsentLink(org: Org, linkId: string) {
  const db = getDb();
  const link = await getConsentLinkRow(db, org.id, linkId);
  if (!link) throw new AppError('NOT_FOUND', 'No such consent link.');
  return { link: toLinkView(link, await memberEmails(db, org.id, [link.createdBy])) };
}
