import { describe, expect, it, vi } from 'vitest';
import { listAuditEvents } from '@/lib/db/repos/audit';
import { ensureMembership } from '@/lib/db/repos/memberships';
import { createOrganization } from '@/lib/db/repos/organizations';
import { countRecentFailures } from '@/lib/db/repos/sign-in-attempts';
import { createUser, ensureUser, findUserByEmail } from '@/lib/db/repos/users';
import { databaseLegs, useTestDatabase } from '@/lib/db/test-legs';
import { admitOidcUser, authorizeCredentials, clientIpFromHeaders, SIGN_IN_ERRORS, SignInThrottledError } from './sign-in';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0009');

const PASSWORD = 'a long enough password';

describe('client address', () => {
  it('takes the first forwarded address, then X-Real-IP', () => {
    expect(clientIpFromHeaders({ 'x-forwarded-for': '203.0.113.5, 10.0.0.1' })).toBe('203.0.113.5');
    expect(clientIpFromHeaders(new Headers({ 'x-real-ip': '198.51.100.2' }))).toBe('198.51.100.2');
    expect(clientIpFromHeaders({})).toBeNull();
    expect(clientIpFromHeaders(undefined)).toBeNull();
  });
});

for (const leg of await databaseLegs()) {
  describe.skipIf(!leg.available)(`sign-in on ${leg.kind}`, () => {
    const t = useTestDatabase(leg.kind);

    it('signs in with the right password, audits it and clears earlier failures', async () => {
      const user = await createUser(t.db, { email: 'pilot@example.com', name: 'Pilot', password: PASSWORD });
      expect(await authorizeCredentials(t.db, { email: 'pilot@example.com', password: 'wrong' }, '10.1.1.1')).toBeNull();
      expect((await countRecentFailures(t.db, { email: 'pilot@example.com' })).account).toBe(1);
      expect(await authorizeCredentials(t.db, { email: ' PILOT@example.com', password: PASSWORD }, '10.1.1.1')).toEqual({ id: user.id, email: 'pilot@example.com', name: 'Pilot' });
      expect((await countRecentFailures(t.db, { email: 'pilot@example.com' })).account).toBe(0);
      const events = (await listAuditEvents(t.db, { actorUserId: user.id })).events;
      expect(events.map((e) => [e.action, e.outcome, e.ip])).toEqual([
        ['auth.sign_in', 'success', '10.1.1.1'],
        ['auth.sign_in_failed', 'failure', '10.1.1.1'],
      ]);
    });

    it('answers a wrong password and an unknown email alike, and audits both', async () => {
      expect(await authorizeCredentials(t.db, { email: 'ghost@example.com', password: PASSWORD }, null)).toBeNull();
      expect(await authorizeCredentials(t.db, { email: 'not an email', password: PASSWORD }, null)).toBeNull();
      const ghost = (await listAuditEvents(t.db, { actor: 'ghost@' })).events;
      expect(ghost).toHaveLength(1);
      expect(ghost[0]).toMatchObject({ action: 'auth.sign_in_failed', actorUserId: null, details: { reason: 'invalid_credentials' } });
    });

    it('throttles an account after repeated failures, even with the right password then', async () => {
      await createUser(t.db, { email: 'victim@example.com', password: PASSWORD });
      for (let i = 0; i < 5; i++) {
        expect(await authorizeCredentials(t.db, { email: 'victim@example.com', password: `guess-${i}` }, `10.2.0.${i}`)).toBeNull();
      }
      const attempt = authorizeCredentials(t.db, { email: 'victim@example.com', password: PASSWORD }, '10.2.0.99');
      await expect(attempt).rejects.toBeInstanceOf(SignInThrottledError);
      await expect(attempt).rejects.toMatchObject({ message: SIGN_IN_ERRORS.throttled });
      const [last] = (await listAuditEvents(t.db, { actor: 'victim@', limit: 1 })).events;
      expect(last).toMatchObject({ action: 'auth.sign_in_failed', details: { reason: 'throttled', limit: 'account' } });
      // Throttled attempts do not count as failures, so the lock-out is not extended by them.
      expect((await countRecentFailures(t.db, { email: 'victim@example.com' })).account).toBe(5);
    });

    it('throttles an address that tries many accounts', async () => {
      const policy = { windowMs: 60_000, maxPerAccount: 5, maxPerIp: 3 };
      for (let i = 0; i < 3; i++) await authorizeCredentials(t.db, { email: `spray${i}@example.com`, password: 'x' }, '192.0.2.50', policy);
      await expect(authorizeCredentials(t.db, { email: 'pilot@example.com', password: PASSWORD }, '192.0.2.50', policy)).rejects.toBeInstanceOf(
        SignInThrottledError,
      );
      expect(await authorizeCredentials(t.db, { email: 'pilot@example.com', password: PASSWORD }, '192.0.2.51', policy)).not.toBeNull();
    });

    it('single sign-on admits only people an organization has added', async () => {
      const org = await createOrganization(t.db, { slug: 'sso', name: 'SSO', apiBaseUrl: null, clientId: 'c', clientSecret: 's' });
      const { user: invited } = await ensureUser(t.db, { email: 'invited@example.com' });
      await ensureMembership(t.db, org.id, invited.id, 'support');
      const admitted = await admitOidcUser(t.db, { email: 'Invited@Example.com', emailVerified: true, name: 'Ivy' });
      expect(admitted).toEqual({ id: invited.id, email: 'invited@example.com', name: 'Ivy' });
      expect((await findUserByEmail(t.db, 'invited@example.com'))?.name).toBe('Ivy');

      expect(await admitOidcUser(t.db, { email: 'stranger@example.com', emailVerified: true })).toBeNull();
      expect(await findUserByEmail(t.db, 'stranger@example.com')).toBeUndefined();
      await ensureUser(t.db, { email: 'member-of-nothing@example.com' });
      expect(await admitOidcUser(t.db, { email: 'member-of-nothing@example.com' })).toBeNull();
      expect(await admitOidcUser(t.db, { email: 'invited@example.com', emailVerified: false })).toBeNull();
      const refused = (await listAuditEvents(t.db, { action: 'auth.sign_in_failed', actor: 'stranger@' })).events;
      expect(refused[0]).toMatchObject({ outcome: 'failure', details: { method: 'oidc', reason: 'not_invited' } });
    });
  });
}
