import 'server-only';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../index';
import { apiCredentials, organizations, users, type ApiCredential } from '../schema';
import { publicColumns, type PublicOrganization } from './organizations';

/** A credential as an admin may see it: everything but the secret's hash and the rate bucket. */
export type ApiCredentialRecord = Omit<ApiCredential, 'secretHash' | 'rateTokens' | 'rateRefilledAt'>;

const recordColumns = {
  id: apiCredentials.id,
  organizationId: apiCredentials.organizationId,
  name: apiCredentials.name,
  prefix: apiCredentials.prefix,
  scope: apiCredentials.scope,
  permissions: apiCredentials.permissions,
  expiresAt: apiCredentials.expiresAt,
  allowedAddresses: apiCredentials.allowedAddresses,
  ratePerMinute: apiCredentials.ratePerMinute,
  createdBy: apiCredentials.createdBy,
  createdByEmail: apiCredentials.createdByEmail,
  createdAt: apiCredentials.createdAt,
  lastUsedAt: apiCredentials.lastUsedAt,
  lastUsedIp: apiCredentials.lastUsedIp,
  revokedAt: apiCredentials.revokedAt,
};

export type NewApiCredential = Pick<
  ApiCredential,
  'organizationId' | 'name' | 'prefix' | 'secretHash' | 'scope' | 'permissions' | 'expiresAt' | 'allowedAddresses' | 'ratePerMinute'
> & { createdBy: string; createdByEmail: string };

/** Stores a new credential with a full rate bucket. */
export async function insertApiCredential(db: Db, input: NewApiCredential): Promise<ApiCredentialRecord> {
  const [row] = await db
    .insert(apiCredentials)
    .values({ ...input, rateTokens: input.ratePerMinute })
    .returning(recordColumns);
  return row;
}

/** The organization's credentials, newest first, revoked ones included (they stay as history). */
export async function listApiCredentials(db: Db, organizationId: string): Promise<ApiCredentialRecord[]> {
  return db
    .select(recordColumns)
    .from(apiCredentials)
    .where(eq(apiCredentials.organizationId, organizationId))
    .orderBy(desc(apiCredentials.createdAt), desc(apiCredentials.id));
}

/** Revokes a live credential of the organization; undefined when there is none (or it was already revoked). */
export async function revokeApiCredential(
  db: Db,
  organizationId: string,
  id: string,
  now = new Date(),
): Promise<ApiCredentialRecord | undefined> {
  const [row] = await db
    .update(apiCredentials)
    .set({ revokedAt: now })
    .where(and(eq(apiCredentials.organizationId, organizationId), eq(apiCredentials.id, id), isNull(apiCredentials.revokedAt)))
    .returning(recordColumns);
  return row;
}

export type CredentialForRequest = {
  credential: ApiCredentialRecord;
  organization: PublicOrganization;
  /** The person who created it, while they exist: a program's commands and jobs are recorded under them. */
  creator: { id: string; email: string; disabledAt: Date | null } | null;
};

/** The credential with this secret hash, its organization and creator, in one query. */
export async function findApiCredentialBySecretHash(db: Db, secretHash: string): Promise<CredentialForRequest | undefined> {
  const [row] = await db
    .select({
      credential: recordColumns,
      organization: publicColumns,
      creatorId: users.id,
      creatorEmail: users.email,
      creatorDisabledAt: users.disabledAt,
    })
    .from(apiCredentials)
    .innerJoin(organizations, eq(organizations.id, apiCredentials.organizationId))
    .leftJoin(users, eq(users.id, apiCredentials.createdBy))
    .where(eq(apiCredentials.secretHash, secretHash))
    .limit(1);
  if (!row) return undefined;
  const creator = row.creatorId ? { id: row.creatorId, email: row.creatorEmail!, disabledAt: row.creatorDisabledAt } : null;
  return { credential: row.credential, organization: row.organization, creator };
}

export type RateTake = { taken: true; remaining: number; limit: number } | { taken: false; retryAfterMs: number; limit: number };

/**
 * Takes one request from the credential's token bucket (refilled continuously at
 * `rate_per_minute`, holding at most a minute's worth) and, when it could, notes the use. One
 * UPDATE decides, so instances sharing the database share the bucket without a race.
 */
export async function takeApiCredentialToken(db: Db, id: string, input: { ip: string | null; now?: Date }): Promise<RateTake> {
  const now = (input.now ?? new Date()).toISOString();
  const available = sql`least(${apiCredentials.ratePerMinute}::float8, ${apiCredentials.rateTokens} + greatest(0, extract(epoch from (${now}::timestamptz - ${apiCredentials.rateRefilledAt}))) * ${apiCredentials.ratePerMinute} / 60.0)`;
  const [taken] = await db
    .update(apiCredentials)
    .set({
      rateTokens: sql`${available} - 1`,
      rateRefilledAt: sql`${now}::timestamptz`,
      lastUsedAt: sql`${now}::timestamptz`,
      lastUsedIp: input.ip,
    })
    .where(and(eq(apiCredentials.id, id), sql`${available} >= 1`))
    .returning({ tokens: apiCredentials.rateTokens, limit: apiCredentials.ratePerMinute });
  if (taken) return { taken: true, remaining: Math.floor(taken.tokens), limit: taken.limit };
  const [state] = await db
    .select({ available: sql<number>`${available}`.mapWith(Number), limit: apiCredentials.ratePerMinute })
    .from(apiCredentials)
    .where(eq(apiCredentials.id, id));
  const limit = state?.limit ?? 1;
  const missing = 1 - (state?.available ?? 0);
  return { taken: false, retryAfterMs: Math.max(1, Math.ceil((missing * 60_000) / limit)), limit };
}

/** Notes a use without touching the rate bucket (where the bucket is kept in memory: lib/bff/api-credential-usage.ts). */
export async function noteApiCredentialUse(db: Db, id: string, input: { ip: string | null; now: Date }): Promise<void> {
  await db.update(apiCredentials).set({ lastUsedAt: input.now, lastUsedIp: input.ip }).where(eq(apiCredentials.id, id));
}
