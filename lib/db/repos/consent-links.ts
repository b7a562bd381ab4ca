import 'server-only';
import { and, desc, eq, gt, lte, or, type SQL } from 'drizzle-orm';
import type { Db } from '../index';
import { consentLinks, organizations, type ConsentLink, type ConsentLinkStatus } from '../schema';

/*
 * The upstream keeps no list of the consent links it generated; Motorpool remembers them.
 * A PENDING link past its expiry reads as EXPIRED without anything having to update it.
 */

export interface NewConsentLinkInput {
  /** Chosen by the caller when the id must travel in the return URL before the row exists. */
  id?: string;
  organizationId: string;
  createdBy: string | null;
  url: string;
  scopes: string[];
  makes?: string[];
  region?: string | null;
  locale?: string | null;
  countryCode?: string | null;
  vin?: string | null;
  model?: string | null;
  modelYear?: number | null;
  expiresAt: Date;
  /** A reconnection: the account (and vehicle) whose connection this link renews. */
  reconnectsAccountId?: string | null;
  reconnectsVehicleId?: string | null;
}

export function withDerivedStatus(link: ConsentLink, now = new Date()): ConsentLink {
  return link.status === 'PENDING' && link.expiresAt.getTime() <= now.getTime() ? { ...link, status: 'EXPIRED' } : link;
}

export async function createConsentLink(db: Db, input: NewConsentLinkInput): Promise<ConsentLink> {
  const [row] = await db
    .insert(consentLinks)
    .values({
      ...(input.id ? { id: input.id } : {}),
      organizationId: input.organizationId,
      createdBy: input.createdBy,
      url: input.url,
      scopes: input.scopes,
      makes: input.makes ?? [],
      region: input.region ?? null,
      locale: input.locale ?? null,
      countryCode: input.countryCode ?? null,
      vin: input.vin ?? null,
      model: input.model ?? null,
      modelYear: input.modelYear ?? null,
      expiresAt: input.expiresAt,
      reconnectsAccountId: input.reconnectsAccountId ?? null,
      reconnectsVehicleId: input.reconnectsVehicleId ?? null,
      status: 'PENDING',
      createdAt: new Date(),
      updatedAt: new Date(),
    })
    .returning();
  return row;
}

export async function getConsentLink(db: Db, organizationId: string, id: string): Promise<ConsentLink | undefined> {
  const [row] = await db
    .select()
    .from(consentLinks)
    .where(and(eq(consentLinks.organizationId, organizationId), eq(consentLinks.id, id)))
    .limit(1);
  return row && withDerivedStatus(row);
}

export interface ConsentLinkFilter {
  organizationId: string;
  /** Matched against the derived status. */
  status?: ConsentLinkStatus;
  limit?: number;
}

/** Newest first, with EXPIRED derived. */
export async function listConsentLinks(db: Db, filter: ConsentLinkFilter): Promise<ConsentLink[]> {
  const now = new Date();
  const conditions: SQL[] = [eq(consentLinks.organizationId, filter.organizationId)];
  if (filter.status === 'PENDING') conditions.push(and(eq(consentLinks.status, 'PENDING'), gt(consentLinks.expiresAt, now))!);
  else if (filter.status === 'EXPIRED') {
    conditions.push(or(eq(consentLinks.status, 'EXPIRED'), and(eq(consentLinks.status, 'PENDING'), lte(consentLinks.expiresAt, now)))!);
  } else if (filter.status) conditions.push(eq(consentLinks.status, filter.status));
  const limit = Math.min(Math.max(Math.trunc(filter.limit ?? 100), 1), 1000);
  const rows = await db
    .select()
    .from(consentLinks)
    .where(and(...conditions))
    .orderBy(desc(consentLinks.createdAt))
    .limit(limit);
  return rows.map((row) => withDerivedStatus(row, now));
}

/**
 * Records the outcome the landing page received for a link: its `accountId` and whether the
 * consent succeeded. Only a PENDING link changes (the first outcome wins; `changed` says whether
 * this call was the one); a link past its expiry can still complete, since the owner may finish
 * a flow started in time.
 */
export async function settleConsentLink(
  db: Db,
  organizationId: string,
  id: string,
  outcome: { status: 'COMPLETED' | 'FAILED'; accountId?: string | null; errorCode?: string | null },
): Promise<{ link: ConsentLink; changed: boolean } | undefined> {
  const now = new Date();
  const [row] = await db
    .update(consentLinks)
    .set({
      status: outcome.status,
      accountId: outcome.accountId ?? null,
      errorCode: outcome.errorCode ?? null,
      completedAt: now,
      updatedAt: now,
    })
    .where(and(eq(consentLinks.organizationId, organizationId), eq(consentLinks.id, id), eq(consentLinks.status, 'PENDING')))
    .returning();
  if (row) return { link: withDerivedStatus(row), changed: true };
  const existing = await getConsentLink(db, organizationId, id);
  return existing && { link: existing, changed: false };
}

/** The links that led to this upstream account (a landing page visited again, an account page). */
export async function listConsentLinksByAccount(db: Db, organizationId: string, accountId: string): Promise<ConsentLink[]> {
  const rows = await db
    .select()
    .from(consentLinks)
    .where(and(eq(consentLinks.organizationId, organizationId), eq(consentLinks.accountId, accountId)))
    .orderBy(desc(consentLinks.createdAt));
  return rows.map((row) => withDerivedStatus(row));
}

/**
 * The landing page after consent knows only the link id from its return URL: the link and the
 * name and slug of its organization (nothing else of the organization is read).
 */
export async function findConsentLinkForReturn(
  db: Db,
  id: string,
): Promise<{ link: ConsentLink; organization: { id: string; slug: string; name: string } } | undefined> {
  const [row] = await db
    .select({ link: consentLinks, organization: { id: organizations.id, slug: organizations.slug, name: organizations.name } })
    .from(consentLinks)
    .innerJoin(organizations, eq(organizations.id, consentLinks.organizationId))
    .where(eq(consentLinks.id, id))
    .limit(1);
  return row && { link: withDerivedStatus(row.link), organization: row.organization };
}
