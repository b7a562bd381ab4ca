import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { hashApiCredentialSecret } from '@/lib/crypto/api-credential-secret';
import { apiCredentials, memberships } from '@/lib/db/schema';
import { useTestDatabase } from '@/lib/db/test-legs.test-support';
import { seedOrganization } from '@/lib/bff/bearer-access.test-support';
import type { OrgAccess } from '@/lib/org/org-access';
import { createApiCredentialSchema } from '../schemas';
import { createOrgApiCredential, listOrgApiCredentials, revokeOrgApiCredential } from './manage-api-credentials';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

describe('managing console API credentials', () => {
  const t = useTestDatabase('pglite');

  it('hands the secret back once, stores only its hash, and never lists it', async () => {
    const { org, admin } = await seedOrganization(t.db, 'creds');
    const access = { org, user: admin, role: 'admin' } as OrgAccess;
    const input = createApiCredentialSchema.parse({
      name: ' BI export ',
      scope: 'custom',
      permissions: ['commands.read', 'commands.read'],
    });
    const created = await createOrgApiCredential(access, input, t.db);
    expect(created.secret).toMatch(/^mp_[a-z2-9]{8}_[A-Za-z0-9_-]{43}$/);
    expect(created.secret.startsWith(created.credential.prefix)).toBe(true);
    expect(created.credential).toMatchObject({ name: 'BI export', scope: 'custom', permissions: ['commands.read'], state: 'active' });
    const [row] = await t.db.select().from(apiCredentials).where(eq(apiCredentials.id, created.credential.id));
    expect(row.secretHash).toBe(hashApiCredentialSecret(created.secret));
    expect(JSON.stringify(row)).not.toContain(created.secret.slice(12));

    const listed = await listOrgApiCredentials(access, t.db);
    expect(listed.credentials.map((c) => c.id)).toEqual([created.credential.id]);
    expect(JSON.stringify(listed)).not.toContain(created.secret.slice(12));
    expect(JSON.stringify(listed)).not.toContain(row.secretHash);

    const revoked = await revokeOrgApiCredential(access, created.credential.id, t.db);
    expect(revoked.credential.state).toBe('revoked');
    await expect(revokeOrgApiCredential(access, created.credential.id, t.db)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('lists a credential whose creator left the organization as refused, not active', async () => {
    const { org, admin } = await seedOrganization(t.db, 'creds-left');
    const access = { org, user: admin, role: 'admin' } as OrgAccess;
    const created = await createOrgApiCredential(access, createApiCredentialSchema.parse({ name: 'nightly tags', scope: 'read' }), t.db);
    expect((await listOrgApiCredentials(access, t.db)).credentials[0].state).toBe('active');
    await t.db.delete(memberships).where(and(eq(memberships.organizationId, org.id), eq(memberships.userId, admin.id)));
    const [listed] = (await listOrgApiCredentials(access, t.db)).credentials;
    expect(listed).toMatchObject({ id: created.credential.id, state: 'creator_left', createdByEmail: admin.email });
  });

  it('refuses a custom scope without permissions, a past expiry and a malformed address, naming the field', () => {
    const issues = (value: unknown) => createApiCredentialSchema.safeParse(value).error?.issues.map((i) => i.path.join('.'));
    expect(issues({ name: 'x', scope: 'custom' })).toEqual(['permissions']);
    expect(issues({ name: 'x', scope: 'read', expiresAt: '2000-01-01T00:00:00Z' })).toEqual(['expiresAt']);
    expect(issues({ name: 'x', scope: 'read', allowedAddresses: ['203.0.113.0/24', '10.0.0.0/33'] })).toEqual(['allowedAddresses.1']);
    expect(issues({ name: 'x', scope: 'read', allowedAddresses: ['2001:db8::/32', '198.51.100.7'] })).toBeUndefined();
  });
});
