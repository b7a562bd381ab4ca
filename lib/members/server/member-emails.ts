import 'server-only';
import type { Db } from '@/lib/db';
import { listMembers } from '@/lib/db/repos/memberships';
import { setBounded } from '@/lib/bounded-map';

const EMAILS_TTL_MS = 10_000;
export const MAX_CACHED_ORGS = 1_000;
const emailCache = new Map<string, { at: number; emails: Promise<Map<string, string>> }>();

/**
 * user id → email of the organization's members, to say who sent each command. Remembered for
 * ten seconds: every status poll needs it, and a stale email only mislabels a row briefly.
 */
export async function memberEmails(
  db: Db,
  organizationId: string,
  mustInclude: (string | null)[] = [],
  now = Date.now(),
): Promise<Map<string, string>> {
  const hit = emailCache.get(organizationId);
  if (hit && now - hit.at < EMAILS_TTL_MS) {
    const emails = await hit.emails;
    // Someone who joined since the list was read is worth one fresh read.
    if (mustInclude.every((id) => id === null || emails.has(id))) return emails;
  }
  const emails = listMembers(db, organizationId).then((members) => new Map(members.map((m) => [m.userId, m.email])));
  setBounded(emailCache, organizationId, { at: now, emails }, MAX_CACHED_ORGS);
  emails.catch(() => emailCache.delete(organizationId));
  return emails;
}
