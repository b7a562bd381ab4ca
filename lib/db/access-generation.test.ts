import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPostgres, type DbHandle } from './index';
import { appendAuditEvent } from './repos/audit';
import { addMemberByEmail, changeMemberRole, getUserAccessBySlug, removeMember } from './repos/memberships';
import { createOrganization, renameOrganization, updateOrganizationCredentials } from './repos/organizations';
import { createInvitation } from './repos/invitations';
import { claimTotpStep, confirmTotp, deleteTotp, savePendingTotp } from './repos/second-factors';
import { bumpSessionVersion, revokeSession } from './repos/sessions';
import { createUser, setUserPassword } from './repos/users';
import { users } from './schema';
import { openTestPglite } from './testing.test-support';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0722');

describe('access generation of the embedded database', () => {
  let handle: DbHandle;
  // A copy of the migrated template: a new database's initdb and migrations are the slow part.
  beforeAll(async () => {
    handle = await openTestPglite({ migrated: true });
  });
  afterAll(() => handle.close());

  it('moves on every write to users, organizations, memberships, revoked sessions and second factors, and on nothing else', async () => {
    const generation = handle.accessGeneration!;
    const moves = async (work: () => Promise<unknown>) => {
      const before = generation();
      await work();
      return generation() > before;
    };
    const org = await createOrganization(handle.db, { slug: 'gen', name: 'Gen', apiBaseUrl: null, clientId: 'c', clientSecret: 's' });
    const user = await createUser(handle.db, { email: 'gen@example.com', name: 'Gen' });

    expect(await moves(() => addMemberByEmail(handle.db, org.id, 'gen@example.com', 'manager'))).toBe(true);
    expect(await moves(() => changeMemberRole(handle.db, org.id, user.id, 'support'))).toBe(true);
    expect(await moves(() => updateOrganizationCredentials(handle.db, org.id, { apiBaseUrl: null, clientId: 'c2' }))).toBe(true);
    expect(await moves(() => renameOrganization(handle.db, org.id, 'Gen 2'))).toBe(true);
    expect(await moves(() => setUserPassword(handle.db, user.id, 'a long enough password'))).toBe(true);
    expect(await moves(() => bumpSessionVersion(handle.db, user.id))).toBe(true);
    expect(
      await moves(() => revokeSession(handle.db, { sid: 'signed-out', userId: user.id, expiresAt: new Date(Date.now() + 60_000) })),
    ).toBe(true);
    // A second factor decides whether an organization that requires one lets the member in.
    expect(await moves(() => savePendingTotp(handle.db, user.id, 'JBSWY3DPEHPK3PXP'))).toBe(true);
    expect(await moves(() => confirmTotp(handle.db, user.id, 1, ['h1']))).toBe(true);
    expect(await moves(() => claimTotpStep(handle.db, user.id, 2))).toBe(true);
    expect(await moves(() => deleteTotp(handle.db, user.id))).toBe(true);
    expect(await moves(() => removeMember(handle.db, org.id, user.id))).toBe(true);
    expect(await moves(() => handle.db.delete(users).where(eq(users.id, user.id)))).toBe(true);

    expect(await moves(() => getUserAccessBySlug(handle.db, user.id, 'gen', 'signed-out'))).toBe(false);
    expect(
      await moves(() =>
        createInvitation(handle.db, {
          organizationId: org.id,
          email: 'later@example.com',
          role: 'manager',
          tokenHash: 'h',
          invitedBy: null,
          expiresAt: new Date(Date.now() + 60_000),
        }),
      ),
    ).toBe(false);
    expect(await moves(() => appendAuditEvent(handle.db, { organizationId: org.id, action: 'test.read', outcome: 'success' }))).toBe(false);
  });

  it('is absent for PostgreSQL, where other instances write too', () => {
    expect(openPostgres('postgres://127.0.0.1:1/none').accessGeneration).toBeUndefined();
  });
});
