import { describe, expect, it, vi } from 'vitest';
import { listAuditEvents } from '@/lib/db/repos/audit';
import { ensureMembership } from '@/lib/db/repos/memberships';
import { createOrganization } from '@/lib/db/repos/organizations';
import { createPasswordReset, consumePasswordReset } from '@/lib/db/repos/password-resets';
import { sessionVersionForSignIn } from '@/lib/db/repos/sessions';
import { bindSsoIdentity } from '@/lib/db/repos/sso-identities';
import { createUser, ensureUser, findUserByEmail, verifyCredentials } from '@/lib/db/repos/users';
import { databaseLegs, useTestDatabase } from '@/lib/db/test-legs.test-support';
import { admitOidcUser } from '@/lib/auth/sign-in';
import { hashPassword } from '@/lib/crypto/password';
import { newLinkToken } from '@/lib/members/server/one-time-token';
import { getSignInMethods, removeSignInMethod } from './manage-sign-in-methods';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0126');
vi.setConfig({ testTimeout: 90_000, hookTimeout: 120_000 });

const ISSUER = 'https://idp.example.com';
const FAST = { N: 2 ** 10, r: 8, p: 1 };

/** Issue 26, M2: a person sees and removes their sign-in methods, never the last one. */
for (const leg of await databaseLegs()) {
  describe.skipIf(!leg.available)(`sign-in methods on ${leg.kind}`, () => {
    const t = useTestDatabase(leg.kind);
    const person = (user: { id: string; email: string }) => ({ user: { id: user.id, email: user.email }, ip: '192.0.2.1' });

    it('the single sign-on person removes a password someone else set through a link, without knowing it', async () => {
      const org = await createOrganization(t.db, { slug: 'methods', name: 'Methods', apiBaseUrl: null, clientId: 'c', clientSecret: 's' });
      const { user } = await ensureUser(t.db, { email: 'real@example.com' });
      await ensureMembership(t.db, org.id, user.id, 'manager');
      expect(await admitOidcUser(t.db, { issuer: ISSUER, subject: 'real', email: 'real@example.com', emailVerified: true })).toMatchObject({
        id: user.id,
      });
      // Someone else receives a reset link for the address and chooses a password.
      const { tokenHash } = newLinkToken();
      await createPasswordReset(t.db, { userId: user.id, tokenHash, expiresAt: new Date(Date.now() + 600_000) });
      await consumePasswordReset(t.db, tokenHash, await hashPassword('the squatter’s password', FAST));

      const listed = await getSignInMethods(user.id, t.db, true);
      expect(listed).toMatchObject({
        password: { setByLink: true },
        sso: [{ issuer: ISSUER, email: 'real@example.com' }],
        ssoAvailable: true,
      });
      expect(JSON.stringify(listed)).not.toMatch(/real"|subject|hash/i);

      const before = await sessionVersionForSignIn(t.db, user.id);
      // Single sign-on cannot go while only the link-set password would be left.
      await expect(removeSignInMethod({ ...person(user), method: { method: 'sso', id: listed.sso[0].id } }, t.db)).rejects.toMatchObject({
        code: 'CONFLICT',
      });
      await removeSignInMethod({ ...person(user), method: { method: 'password' } }, t.db);
      expect(await verifyCredentials(t.db, 'real@example.com', 'the squatter’s password')).toBeUndefined();
      expect(await getSignInMethods(user.id, t.db, true)).toMatchObject({ password: null, sso: [{ issuer: ISSUER }] });
      // Every session ends: the squatter's too.
      expect(await sessionVersionForSignIn(t.db, user.id)).toBe((before ?? 0) + 1);
      expect((await listAuditEvents(t.db, { action: 'account.sign_in_method_removed', actor: 'real@' })).events[0]).toMatchObject({
        actorUserId: user.id,
        details: { method: 'password' },
      });

      // The last method stays.
      await expect(removeSignInMethod({ ...person(user), method: { method: 'sso', id: listed.sso[0].id } }, t.db)).rejects.toMatchObject({
        code: 'CONFLICT',
      });
      expect((await getSignInMethods(user.id, t.db, true)).sso).toHaveLength(1);
    });

    it('never removes the only password; removes single sign-on when a password the person chose remains', async () => {
      const owner = await createUser(t.db, { email: 'owner@example.com', passwordHash: await hashPassword('owner password long', FAST) });
      await expect(removeSignInMethod({ ...person(owner), method: { method: 'password' } }, t.db)).rejects.toMatchObject({
        code: 'CONFLICT',
      });
      expect((await findUserByEmail(t.db, 'owner@example.com'))?.hasPassword).toBe(true);

      expect(await bindSsoIdentity(t.db, { userId: owner.id, issuer: ISSUER, subject: 'owner', email: owner.email })).toBe(true);
      const [identity] = (await getSignInMethods(owner.id, t.db, true)).sso;
      await removeSignInMethod({ ...person(owner), method: { method: 'sso', id: identity.id } }, t.db);
      expect(await getSignInMethods(owner.id, t.db, false)).toEqual({ password: { setByLink: false }, sso: [], ssoAvailable: false });
    });

    it('an identity of another person is not found, and not removed', async () => {
      const a = await createUser(t.db, { email: 'a@example.com', passwordHash: await hashPassword('a password long', FAST) });
      const b = await createUser(t.db, { email: 'b@example.com', passwordHash: await hashPassword('b password long', FAST) });
      await bindSsoIdentity(t.db, { userId: b.id, issuer: ISSUER, subject: 'b', email: b.email });
      const [identity] = (await getSignInMethods(b.id, t.db, true)).sso;
      await expect(removeSignInMethod({ ...person(a), method: { method: 'sso', id: identity.id } }, t.db)).rejects.toMatchObject({
        code: 'NOT_FOUND',
      });
      expect((await getSignInMethods(b.id, t.db, true)).sso).toHaveLength(1);
    });
  });
}
