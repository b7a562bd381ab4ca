import 'server-only';
import { NextRequest } from 'next/server';
import { beforeAll } from 'vitest';
import { PERMISSIONS } from '@/lib/auth/permissions';
import { newApiCredentialSecret } from '@/lib/crypto/api-credential-secret';
import type { Db } from '@/lib/db';
import { useTestDatabase } from '@/lib/db/test-legs.test-support';
import { insertApiCredential, type NewApiCredential } from '@/lib/db/repos/api-credentials';
import { ensureMembership } from '@/lib/db/repos/memberships';
import { createOrganization } from '@/lib/db/repos/organizations';
import { createUser } from '@/lib/db/repos/users';
import { PEER_ADDRESS_HEADER } from '@/lib/auth/server/client-address';

/** An organization with an admin, who creates the credentials of the test. */
export async function seedOrganization(db: Db, slug: string) {
  const org = await createOrganization(db, { slug, name: slug, apiBaseUrl: null, clientId: 'c', clientSecret: 's' });
  const admin = await createUser(db, { email: `admin@${slug}.example` });
  await ensureMembership(db, org.id, admin.id, 'admin');
  return { org, admin };
}

/** Stores a credential as the settings route would, and hands back its secret. */
export async function seedCredential(
  db: Db,
  owner: { org: { id: string }; admin: { id: string; email: string } },
  input: Partial<Pick<NewApiCredential, 'scope' | 'permissions' | 'expiresAt' | 'allowedAddresses' | 'ratePerMinute' | 'name'>> = {},
) {
  const { secret, prefix, hash } = newApiCredentialSecret();
  const record = await insertApiCredential(db, {
    organizationId: owner.org.id,
    name: input.name ?? 'nightly tagger',
    prefix,
    secretHash: hash,
    scope: input.scope ?? 'read',
    permissions: input.permissions ?? [],
    expiresAt: input.expiresAt ?? null,
    allowedAddresses: input.allowedAddresses ?? [],
    ratePerMinute: input.ratePerMinute ?? 100,
    createdBy: owner.admin.id,
    createdByEmail: owner.admin.email,
  });
  return { record, secret };
}

/** A program's request: a bearer, no cookie, no Origin; from `peer` when given. */
export function bearerRequest(
  url: string,
  secret: string,
  options: { method?: string; peer?: string; cookie?: string; body?: unknown } = {},
): NextRequest {
  const headers: Record<string, string> = { authorization: `Bearer ${secret}` };
  if (options.peer) headers[PEER_ADDRESS_HEADER] = options.peer;
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  return new NextRequest(url, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
}

/**
 * A PGlite database with an organization `slug` and a credential holding `permissions` (every one
 * unless told), for a test that calls route handlers as a program would (`onDb` points the mocked
 * `getDb` at it).
 */
export function useScopedCredential(
  slug: string,
  onDb: (db: Db) => void,
  permissions: readonly string[] = PERMISSIONS,
): { secret: () => string; organizationId: () => string } {
  const t = useTestDatabase('pglite');
  let secret = '';
  let organizationId = '';
  beforeAll(async () => {
    onDb(t.db);
    const owner = await seedOrganization(t.db, slug);
    organizationId = owner.org.id;
    ({ secret } = await seedCredential(t.db, owner, { scope: 'custom', permissions: [...permissions], ratePerMinute: 100_000 }));
  });
  return { secret: () => secret, organizationId: () => organizationId };
}
