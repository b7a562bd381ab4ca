import { describe, expect, it, vi } from 'vitest';
import { listAuditEvents } from '@/lib/db/repos/audit';
import { acceptInvitationAsUser, createInvitation } from '@/lib/db/repos/invitations';
import { ensureMembership, listUserOrganizations } from '@/lib/db/repos/memberships';
import { createOrganization } from '@/lib/db/repos/organizations';
import { listSsoIdentities } from '@/lib/db/repos/sso-identities';
import { createUser, ensureUser, findUserByEmail } from '@/lib/db/repos/users';
import { databaseLegs, useTestDatabase } from '@/lib/db/test-legs.test-support';
import { acceptInvitation } from '@/lib/members/server/accept-invitation';
import { newLinkToken } from '@/lib/members/server/one-time-token';
import { admitOidcUser } from './sign-in';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0026');
// Accepting an invitation hashes its password at production cost (scrypt): give a busy machine room.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 120_000 });

const ISSUER = 'https://idp.example.com/realms/staff';
const sso = (subject: string, email: string) => ({ issuer: ISSUER, subject, email, emailVerified: true });

/**
 * Issue 26, M2: single sign-on is bound to the identity provider's issuer and subject, and never
 * merges into an account a link holder took (invitation squatting becoming account takeover).
 */
for (const leg of await databaseLegs()) {
  describe.skipIf(!leg.available)(`single sign-on binding on ${leg.kind}`, () => {
    const t = useTestDatabase(leg.kind);
    let n = 0;
    const organization = async () => {
      n += 1;
      return createOrganization(t.db, { slug: `sso-bind-${n}`, name: `SSO ${n}`, apiBaseUrl: null, clientId: 'c', clientSecret: 's' });
    };
    const invite = async (organizationId: string, email: string) => {
      const { token, tokenHash } = newLinkToken();
      await createInvitation(t.db, {
        organizationId,
        email,
        role: 'manager',
        tokenHash,
        invitedBy: null,
        expiresAt: new Date(Date.now() + 86_400_000),
      });
      return { token, tokenHash };
    };

    it('a squatter who set the password through the invite link does not receive the real person’s single sign-on', async () => {
      const org = await organization();
      const { token } = await invite(org.id, 'victim@example.com');
      // Whoever holds the link (the inviting admin, anyone it was forwarded to) creates the account.
      await acceptInvitation({ token, password: 'squatter chose this', user: null, ip: null }, t.db);
      const squatted = (await findUserByEmail(t.db, 'victim@example.com'))!;
      expect(squatted.passwordSetByLink).toBe(true);

      const admitted = await admitOidcUser(t.db, sso('victim-subject', 'victim@example.com'), '192.0.2.7');
      expect(admitted).toEqual({ refused: 'SsoPasswordFirst' });
      expect(await listSsoIdentities(t.db, squatted.id)).toEqual([]);
      const refused = (await listAuditEvents(t.db, { action: 'auth.sign_in_failed', actor: 'victim@' })).events;
      expect(refused[0]).toMatchObject({ outcome: 'failure', details: { method: 'oidc', reason: 'password_set_by_link', issuer: ISSUER } });
    });

    it('links once the person proves the password, from the account page: the link-set mark goes', async () => {
      const org = await organization();
      const { token } = await invite(org.id, 'linker@example.com');
      await acceptInvitation({ token, password: 'my own long password', user: null, ip: null }, t.db);
      const row = (await findUserByEmail(t.db, 'linker@example.com'))!;

      const other = await createUser(t.db, { email: 'someone-else@example.com' });
      expect(await admitOidcUser(t.db, sso('linker-subject', 'linker@example.com'), null, { linkingUserId: other.id })).toEqual({
        refused: 'SsoPasswordFirst',
      });
      expect(await admitOidcUser(t.db, sso('linker-subject', 'linker@example.com'), null, { linkingUserId: row.id })).toMatchObject({
        id: row.id,
      });
      expect((await findUserByEmail(t.db, 'linker@example.com'))?.passwordSetByLink).toBe(false);
      expect(await listSsoIdentities(t.db, row.id)).toMatchObject([{ issuer: ISSUER, emailAtBinding: 'linker@example.com' }]);
      expect((await listAuditEvents(t.db, { action: 'auth.sso_identity_bound', actor: 'linker@' })).events[0]).toMatchObject({
        details: { issuer: ISSUER, linkedFromAccount: true },
      });
    });

    it('binds at the first sign-in; a bound account refuses another subject with the same verified email', async () => {
      const org = await organization();
      const { user } = await ensureUser(t.db, { email: 'bound@example.com' });
      await ensureMembership(t.db, org.id, user.id, 'support');

      expect(await admitOidcUser(t.db, sso('real-subject', 'bound@example.com'))).toMatchObject({ id: user.id });
      expect(await listSsoIdentities(t.db, user.id)).toHaveLength(1);

      // Someone who registered the same address at the provider (or a provider that reassigned it).
      expect(await admitOidcUser(t.db, sso('other-subject', 'bound@example.com'), '198.51.100.4')).toEqual({ refused: 'SsoOtherIdentity' });
      const refused = (await listAuditEvents(t.db, { action: 'auth.sign_in_failed', actor: 'bound@' })).events;
      expect(refused[0]).toMatchObject({ actorUserId: user.id, details: { method: 'oidc', reason: 'other_subject_bound' } });
      expect(await listSsoIdentities(t.db, user.id)).toHaveLength(1);

      expect(await admitOidcUser(t.db, sso('real-subject', 'bound@example.com'))).toMatchObject({ id: user.id });
    });

    it('the binding decides, not the email: a bound subject whose provider email changed still lands in its own account', async () => {
      const org = await organization();
      const { user: first } = await ensureUser(t.db, { email: 'first@example.com' });
      const { user: second } = await ensureUser(t.db, { email: 'second@example.com' });
      await ensureMembership(t.db, org.id, first.id, 'support');
      await ensureMembership(t.db, org.id, second.id, 'admin');
      expect(await admitOidcUser(t.db, sso('moving-subject', 'first@example.com'))).toMatchObject({ id: first.id });
      expect(await admitOidcUser(t.db, sso('moving-subject', 'second@example.com'))).toMatchObject({ id: first.id });
      expect(await listSsoIdentities(t.db, second.id)).toEqual([]);
    });

    it('accepting while signed in compares the signed-in person, not only the email', async () => {
      const org = await organization();
      const invited = await createUser(t.db, { email: 'invitee@example.com' });
      const intruder = await createUser(t.db, { email: 'intruder@example.com' });
      const { tokenHash } = await invite(org.id, 'invitee@example.com');

      // A session naming the invited email but another person's row joins nothing.
      await expect(acceptInvitationAsUser(t.db, tokenHash, { id: intruder.id, email: 'invitee@example.com' })).rejects.toMatchObject({
        code: 'INVITATION_OTHER_ACCOUNT',
      });
      expect(await listUserOrganizations(t.db, intruder.id)).toEqual([]);

      await acceptInvitationAsUser(t.db, tokenHash, { id: invited.id, email: 'invitee@example.com' });
      expect((await listUserOrganizations(t.db, invited.id)).map((o) => o.organization.slug)).toEqual([org.slug]);
    });
  });
}
