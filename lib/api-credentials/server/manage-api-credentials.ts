import 'server-only';
import { apiScopePermissions } from '@/lib/auth/permissions';
import { newApiCredentialSecret } from '@/lib/crypto/api-credential-secret';
import { getDb, type Db } from '@/lib/db';
import { insertApiCredential, listApiCredentials, revokeApiCredential, type ApiCredentialRecord } from '@/lib/db/repos/api-credentials';
import { AppError } from '@/lib/errors/app-error';
import type { OrgAccess } from '@/lib/org/org-access';
import { DEFAULT_RATE_PER_MINUTE, type ApiCredentialView, type CreatedApiCredential } from '../api-credential';
import type { CreateApiCredentialInput } from '../schemas';

function toView(record: ApiCredentialRecord & { creatorActive?: boolean }, now = new Date()): ApiCredentialView {
  const expired = record.expiresAt !== null && record.expiresAt.getTime() <= now.getTime();
  return {
    id: record.id,
    name: record.name,
    prefix: record.prefix,
    scope: record.scope,
    permissions: [...apiScopePermissions(record.scope, record.permissions)],
    expiresAt: record.expiresAt?.toISOString() ?? null,
    allowedAddresses: record.allowedAddresses,
    ratePerMinute: record.ratePerMinute,
    createdByEmail: record.createdByEmail,
    createdAt: record.createdAt.toISOString(),
    lastUsedAt: record.lastUsedAt?.toISOString() ?? null,
    lastUsedIp: record.lastUsedIp,
    revokedAt: record.revokedAt?.toISOString() ?? null,
    state: record.revokedAt ? 'revoked' : expired ? 'expired' : record.creatorActive === false ? 'creator_left' : 'active',
  };
}

export async function listOrgApiCredentials(access: OrgAccess, db: Db = getDb()): Promise<{ credentials: ApiCredentialView[] }> {
  return { credentials: (await listApiCredentials(db, access.org.id)).map((record) => toView(record)) };
}

/** Creates a credential; the answer carries the secret, which is never shown again. */
export async function createOrgApiCredential(
  access: OrgAccess,
  input: CreateApiCredentialInput,
  db: Db = getDb(),
): Promise<CreatedApiCredential> {
  const { secret, prefix, hash } = newApiCredentialSecret();
  const record = await insertApiCredential(db, {
    organizationId: access.org.id,
    name: input.name,
    prefix,
    secretHash: hash,
    scope: input.scope,
    permissions: input.scope === 'custom' ? [...new Set(input.permissions ?? [])] : [],
    expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
    allowedAddresses: [...new Set(input.allowedAddresses ?? [])],
    ratePerMinute: input.ratePerMinute ?? DEFAULT_RATE_PER_MINUTE,
    createdBy: access.user.id,
    createdByEmail: access.user.email,
  });
  return { credential: toView(record), secret };
}

export async function revokeOrgApiCredential(
  access: OrgAccess,
  credentialId: string,
  db: Db = getDb(),
): Promise<{ credential: ApiCredentialView }> {
  const record = await revokeApiCredential(db, access.org.id, credentialId);
  if (!record) throw new AppError('NOT_FOUND', 'No live API credential with this id.');
  return { credential: toView(record) };
}
