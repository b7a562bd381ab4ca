import 'server-only';
import { and, desc, eq, gt, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../index';
import { CONSENT_MISSING } from '@/lib/contract/consent-scopes';
import { auditEvents, consentLinks, vehicleUpstreamErrors, type ConsentLink } from '../schema';

/*
 * What Motorpool remembers of how an account came to be connected. The upstream account record is
 * only `{id, username}`: the link that produced it (brands, region, scopes, language, VIN, the
 * owner's address) is Motorpool's record, written when the landing page settles the link
 * (settleConsentLink sets its `accountId` once the upstream confirmed the account).
 */

/** The newest completed link that produced this account, or undefined (connected before Motorpool kept links, or elsewhere). */
export async function connectingLinkOf(db: Db, organizationId: string, accountId: string): Promise<ConsentLink | undefined> {
  const [row] = await db
    .select()
    .from(consentLinks)
    .where(
      and(eq(consentLinks.organizationId, organizationId), eq(consentLinks.accountId, accountId), eq(consentLinks.status, 'COMPLETED')),
    )
    .orderBy(desc(consentLinks.completedAt))
    .limit(1);
  return row;
}

/**
 * Accounts Motorpool knows of, newest first: those its links connected and those disconnected
 * from the console (the upstream no longer lists either once disconnected), with the brands of
 * their vehicles when the disconnection recorded them. At most `limit`.
 */
export async function rememberedAccounts(
  db: Db,
  organizationId: string,
  limit: number,
): Promise<{ accountId: string; at: Date; disconnectedAt: Date | null; makes: string[] }[]> {
  const [linked, disconnected] = await Promise.all([
    db
      .select({ id: consentLinks.accountId, at: consentLinks.completedAt })
      .from(consentLinks)
      .where(and(eq(consentLinks.organizationId, organizationId), eq(consentLinks.status, 'COMPLETED'), isNotNull(consentLinks.accountId)))
      .orderBy(desc(consentLinks.completedAt))
      .limit(limit),
    db
      .select({ id: auditEvents.targetId, at: auditEvents.createdAt, details: auditEvents.details })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.organizationId, organizationId),
          eq(auditEvents.action, 'accounts.disconnected'),
          eq(auditEvents.outcome, 'success'),
          isNotNull(auditEvents.targetId),
        ),
      )
      .orderBy(desc(auditEvents.createdAt))
      .limit(limit),
  ]);
  const byId = new Map<string, { accountId: string; at: Date; disconnectedAt: Date | null; makes: string[] }>();
  for (const row of disconnected) {
    if (byId.has(row.id!)) continue;
    const makes = Array.isArray(row.details?.makes) ? row.details.makes.filter((m): m is string => typeof m === 'string') : [];
    byId.set(row.id!, { accountId: row.id!, at: row.at, disconnectedAt: row.at, makes });
  }
  for (const row of linked) {
    const known = byId.get(row.id!);
    const at = row.at ?? new Date(0);
    if (!known) byId.set(row.id!, { accountId: row.id!, at, disconnectedAt: null, makes: [] });
    else if (at > known.at) known.at = at;
  }
  return [...byId.values()].sort((a, b) => b.at.getTime() - a.at.getTime()).slice(0, limit);
}

/** The consent-scope 401s (code CONSENT_MISSING) met on these vehicles after `since`: their endpoints and times. */
export async function consentRefusalsOf(
  db: Db,
  organizationId: string,
  vehicleIds: string[],
  since: Date | null,
): Promise<{ vehicleId: string; endpoint: string; occurredAt: Date }[]> {
  if (vehicleIds.length === 0) return [];
  return db
    .select({
      vehicleId: vehicleUpstreamErrors.vehicleId,
      endpoint: vehicleUpstreamErrors.endpoint,
      occurredAt: vehicleUpstreamErrors.occurredAt,
    })
    .from(vehicleUpstreamErrors)
    .where(
      and(
        eq(vehicleUpstreamErrors.organizationId, organizationId),
        inArray(vehicleUpstreamErrors.vehicleId, vehicleIds.slice(0, 500)),
        eq(vehicleUpstreamErrors.code, CONSENT_MISSING),
        ...(since ? [gt(vehicleUpstreamErrors.occurredAt, since)] : []),
      ),
    )
    .orderBy(desc(vehicleUpstreamErrors.occurredAt))
    .limit(200);
}
