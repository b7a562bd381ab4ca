import { describe, expect, it, vi } from 'vitest';
import { listAuditEvents } from '@/lib/db/repos/audit';
import { ensureMembership } from '@/lib/db/repos/memberships';
import { createOrganization } from '@/lib/db/repos/organizations';
import { ensureUser } from '@/lib/db/repos/users';
import { databaseLegs, useTestDatabase } from '@/lib/db/test-legs.test-support';
import { admitOidcUser } from './sign-in';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0012');
const IDP = { issuer: 'https://idp.example.com', subject: 'subject-1' };
const REFUSED = { refused: 'AccessDenied' };

/**
 * Issue 12, item 9: single sign-on admits an invited email only when the identity provider says
 * it is verified (`email_verified === true`). A provider that omits the claim, or sends it as a
 * string, does not vouch for the address, and anyone could otherwise register it there.
 */
for (const leg of await databaseLegs()) {
  describe.skipIf(!leg.available)(`OIDC email verification on ${leg.kind}`, () => {
    const t = useTestDatabase(leg.kind);

    it('admits only email_verified === true', async () => {
      const org = await createOrganization(t.db, { slug: 'sso-verified', name: 'SSO', apiBaseUrl: null, clientId: 'c', clientSecret: 's' });
      const { user } = await ensureUser(t.db, { email: 'invited@example.com' });
      await ensureMembership(t.db, org.id, user.id, 'support');

      expect(await admitOidcUser(t.db, { ...IDP, email: 'invited@example.com' })).toEqual(REFUSED);
      expect(await admitOidcUser(t.db, { ...IDP, email: 'invited@example.com', emailVerified: null })).toEqual(REFUSED);
      expect(await admitOidcUser(t.db, { ...IDP, email: 'invited@example.com', emailVerified: 'true' as unknown as boolean })).toEqual(
        REFUSED,
      );
      expect(await admitOidcUser(t.db, { ...IDP, email: 'invited@example.com', emailVerified: false })).toEqual(REFUSED);
      const refused = (await listAuditEvents(t.db, { action: 'auth.sign_in_failed', actor: 'invited@' })).events;
      expect(refused.length).toBe(4);
      expect(refused.every((e) => (e.details as { reason?: string }).reason === 'email_not_verified')).toBe(true);

      expect(await admitOidcUser(t.db, { ...IDP, email: 'invited@example.com', emailVerified: true })).toMatchObject({ id: user.id });
    });
  });
}
