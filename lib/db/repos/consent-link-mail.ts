import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../index';
import { consentLinks } from '../schema';

/** Records that the link was e-mailed to the owner (the last address and time win). */
export async function recordConsentLinkMailed(db: Db, organizationId: string, id: string, to: string, at = new Date()): Promise<void> {
  await db
    .update(consentLinks)
    .set({ mailedTo: to, mailedAt: at, updatedAt: at })
    .where(and(eq(consentLinks.organizationId, organizationId), eq(consentLinks.id, id)));
}

/** The landing page's first matched visit; later visits leave it as it is. */
export async function recordConsentLinkOpened(db: Db, id: string, at = new Date()): Promise<void> {
  await db
    .update(consentLinks)
    .set({ firstOpenedAt: at })
    .where(and(eq(consentLinks.id, id), isNull(consentLinks.firstOpenedAt)));
}
