import 'server-only';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../index';
import { apiCredentials, memberships, organizations, users, type ApiCredential } from '../schema';
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

/**
 * The organization's credentials, newest first, revoked ones included (they stay as history), each
 * with whether its creator can still stand behind it (an account, not disabled, still a member):
 * a credential whose creator left is refused, whatever else it says.
 */
export async function listApiCredentials(db: Db, organizationId: string): Promise<(ApiCredentialRecord & { creatorActive: boolean })[]> {
  return db
    .select({
      ...recordColumns,
      creatorActive: sql<boolean>`(${users.id} is not null and ${users.disabledAt} is null and ${memberships.userId} is not null)`,
    })
    .from(apiCredentials)
    .leftJoin(users, eq(users.id, apiCredentials.createdBy))
    .leftJoin(
      memberships,
      and(eq(memberships.organizationId, apiCredentials.organizationId), eq(memberships.userId, apiCredentials.createdBy)),
    )
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
  /**
   * The person who created it, while they exist: a program's commands and jobs are recorded under
   * them. `member`: whether they are still a member of the credential's organization (a credential
   * does not outlive its creator's place there).
   */
  creator: { id: string; email: string; disabledAt: Date | null; member: boolean } | null;
};

/** The credential with this secret hash, its organization and creator (and whether they are still a member), in one query. */
export async function findApiCredentialBySecretHash(db: Db, secretHash: string): Promise<CredentialForRequest | undefined> {
  const [row] = await db
    .select({
      credential: recordColumns,
      organization: publicColumns,
      creatorId: users.id,
      creatorEmail: users.email,
      creatorDisabledAt: users.disabledAt,
      creatorMembership: memberships.userId,
    })
    .from(apiCredentials)
    .innerJoin(organizations, eq(organizations.id, apiCredentials.organizationId))
    .leftJoin(users, eq(users.id, apiCredentials.createdBy))
    .leftJoin(
      memberships,
      and(eq(memberships.organizationId, apiCredentials.organizationId), eq(memberships.userId, apiCredentials.createdBy)),
    )
    .where(eq(apiCredentials.secretHash, secretHash))
    .limit(1);
  if (!row) return undefined;
  const creator = row.creatorId
    ? { id: row.creatorId, email: row.creatorEmail!, disabledAt: row.creatorDisabledAt, member: row.creatorMembership !== null }
    : null;
  return { credential: row.credential, organization: row.organization, creator };
}

export type RateTake = { taken: true; remaining: number; limit: number } | { taken: false; retryAfterMs: number; limit: number };

/** Notes a use without touching the rate bucket (where the bucket is kept in memory: lib/bff/api-credential-usage.ts). */
export async function noteApiCredentialUse(db: Db, id: string, input: { ip: string | null; now: Date }): Promise<void> {
  await db.update(apiCredentials).set({ lastUsedAt: input.now, lastUsedIp: input.ip }).where(eq(apiCredentials.id, id));
}

type AuthenticationRow = Record<string, unknown> & {
  available: number | string;
  address_ok: boolean;
  creator_member: boolean;
  taken: boolean;
};

const dateOf = (value: unknown): Date | null => (value === null || value === undefined ? null : new Date(value as string));

/**
 * PostgreSQL's one round trip for a bearer request: the credential with its organization and
 * creator, whether `ip` is within its allowed addresses (PostgreSQL's inet containment), and, when
 * it is usable (live, unexpired, of this organization, its creator active and still a member of it,
 * the address allowed), one token taken from its bucket with the use noted. The row is locked
 * while the bucket is reckoned, so concurrent requests of every instance take tokens one after another.
 */
export async function authenticateApiCredential(
  db: Db,
  input: { secretHash: string; slug: string; ip: string | null; now: Date },
): Promise<(CredentialForRequest & { addressAllowed: boolean; take: RateTake | undefined }) | undefined> {
  const now = input.now.toISOString();
  const result = await db.execute(sql`
    with found as (
      select c.id, c.organization_id, c.name, c.prefix, c.scope, c.permissions, c.expires_at, c.allowed_addresses,
        c.rate_per_minute, c.created_by, c.created_by_email, c.created_at, c.last_used_at, c.last_used_ip, c.revoked_at,
        o.slug as org_slug, o.name as org_name, o.api_base_url as org_api_base_url, o.client_id as org_client_id,
        o.command_polling as org_command_polling, o.require_second_factor as org_require_second_factor,
        o.created_at as org_created_at, o.updated_at as org_updated_at,
        u.id as creator_id, u.email as creator_email, u.disabled_at as creator_disabled_at,
        exists (select 1 from ${memberships} m where m.organization_id = c.organization_id and m.user_id = c.created_by) as creator_member,
        least(c.rate_per_minute::float8, c.rate_tokens
          + greatest(0, extract(epoch from (${now}::timestamptz - c.rate_refilled_at))) * c.rate_per_minute / 60.0) as available,
        (jsonb_array_length(c.allowed_addresses) = 0 or exists (
          select 1 from jsonb_array_elements_text(c.allowed_addresses) allowed where ${input.ip}::inet <<= allowed::inet
        )) as address_ok
      from ${apiCredentials} c
      join ${organizations} o on o.id = c.organization_id
      left join ${users} u on u.id = c.created_by
      where c.secret_hash = ${input.secretHash}
      for update of c
    ), taken as (
      update ${apiCredentials} c
      set rate_tokens = f.available - 1, rate_refilled_at = ${now}::timestamptz, last_used_at = ${now}::timestamptz, last_used_ip = ${input.ip}
      from found f
      where c.id = f.id and f.available >= 1 and f.address_ok and f.revoked_at is null
        and (f.expires_at is null or f.expires_at > ${now}::timestamptz) and f.org_slug = ${input.slug}
        and f.creator_id is not null and f.creator_disabled_at is null and f.creator_member
      returning c.id
    )
    select found.*, exists (select 1 from taken) as taken from found`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as AuthenticationRow[];
  const row = rows[0];
  if (!row) return undefined;
  const available = Number(row.available);
  const limit = Number(row.rate_per_minute);
  const credential: ApiCredentialRecord = {
    id: row.id as string,
    organizationId: row.organization_id as string,
    name: row.name as string,
    prefix: row.prefix as string,
    scope: row.scope as ApiCredentialRecord['scope'],
    permissions: row.permissions as string[],
    expiresAt: dateOf(row.expires_at),
    allowedAddresses: row.allowed_addresses as string[],
    ratePerMinute: limit,
    createdBy: (row.created_by as string | null) ?? null,
    createdByEmail: row.created_by_email as string,
    createdAt: dateOf(row.created_at)!,
    lastUsedAt: dateOf(row.last_used_at),
    lastUsedIp: (row.last_used_ip as string | null) ?? null,
    revokedAt: dateOf(row.revoked_at),
  };
  const organization: PublicOrganization = {
    id: credential.organizationId,
    slug: row.org_slug as string,
    name: row.org_name as string,
    apiBaseUrl: (row.org_api_base_url as string | null) ?? null,
    clientId: row.org_client_id as string,
    commandPolling: Boolean(row.org_command_polling),
    requireSecondFactor: Boolean(row.org_require_second_factor),
    createdAt: dateOf(row.org_created_at)!,
    updatedAt: dateOf(row.org_updated_at)!,
  };
  const creator = row.creator_id
    ? {
        id: row.creator_id as string,
        email: row.creator_email as string,
        disabledAt: dateOf(row.creator_disabled_at),
        member: Boolean(row.creator_member),
      }
    : null;
  const take: RateTake | undefined = row.taken
    ? { taken: true, remaining: Math.floor(available - 1), limit }
    : available < 1
      ? { taken: false, retryAfterMs: Math.max(1, Math.ceil(((1 - available) * 60_000) / limit)), limit }
      : undefined;
  return { credential, organization, creator, addressAllowed: Boolean(row.address_ok), take };
}
