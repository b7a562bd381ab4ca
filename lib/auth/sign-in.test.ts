import { eq } from 'drizzle-orm';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { listAuditEvents } from '@/lib/db/repos/audit';
import { ensureMembership } from '@/lib/db/repos/memberships';
import { createOrganization } from '@/lib/db/repos/organizations';
import { countRecentAttempts } from '@/lib/db/repos/sign-in-attempts';
import { SIGN_IN_THROTTLE } from '@/lib/auth/server/sign-in-throttle';
import { createUser, ensureUser, findUserByEmail } from '@/lib/db/repos/users';
import { users } from '@/lib/db/schema';
import { databaseLegs, useTestDatabase } from '@/lib/db/test-legs.test-support';
import { hashPassword, SCRYPT_DEFAULTS, setTestScryptCost } from '@/lib/crypto/password';
import { TEST_SCRYPT_COST } from '@/lib/testing/fast-password-hashing';
import { PUBLISHED_DEMO_PASSWORD } from './demo-exposure';
import { PEER_ADDRESS_HEADER } from './server/client-address';
import { admitOidcUser, authorizeCredentials, clientIpFromHeaders, SIGN_IN_ERRORS, SignInThrottledError } from './sign-in';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0009');
const IDP = { issuer: 'https://idp.example.com', subject: 'subject-1' };
const REFUSED = { refused: 'AccessDenied' };

// Counts every password check (scrypt verification) made on behalf of a sign-in.
const checks = vi.hoisted(() => ({ count: 0 }));
vi.mock('@/lib/crypto/password', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/lib/crypto/password')>();
  return {
    ...original,
    verifyPassword: async (password: string, stored: string) => {
      checks.count += 1;
      return original.verifyPassword(password, stored);
    },
  };
});

const PASSWORD = 'a long enough password';
/** Test users are stored with cheap parameters; production hashes at OWASP's (see password.test.ts). */
const FAST = { N: 2 ** 10, r: 8, p: 1 };
const fastUser = async (db: Parameters<typeof createUser>[0], email: string, name?: string) =>
  createUser(db, { email, name, passwordHash: await hashPassword(PASSWORD, FAST) });

describe('client address for sign-in', () => {
  it('with TRUST_PROXY_HOPS=0, a forged X-Forwarded-For does not change the bucket', () => {
    const peer = { [PEER_ADDRESS_HEADER]: '198.51.100.20' };
    expect(clientIpFromHeaders(peer, 0)).toBe('198.51.100.20');
    expect(clientIpFromHeaders({ ...peer, 'x-forwarded-for': '203.0.113.5, 10.0.0.1' }, 0)).toBe('198.51.100.20');
    expect(clientIpFromHeaders(new Headers({ ...peer, 'x-forwarded-for': '192.0.2.99', 'x-real-ip': '192.0.2.98' }), 0)).toBe(
      '198.51.100.20',
    );
    // The default is TRUST_PROXY_HOPS=0.
    expect(clientIpFromHeaders({ ...peer, 'x-forwarded-for': '203.0.113.5' })).toBe('198.51.100.20');
  });
});

for (const leg of await databaseLegs()) {
  describe.skipIf(!leg.available)(`sign-in on ${leg.kind}`, () => {
    const t = useTestDatabase(leg.kind);

    it('signs in with the right password, audits it and clears the failures of that address', async () => {
      const user = await fastUser(t.db, 'pilot@example.com', 'Pilot');
      expect(await authorizeCredentials(t.db, { email: 'pilot@example.com', password: 'wrong' }, '10.1.1.1')).toBeNull();
      expect((await countRecentAttempts(t.db, { email: 'pilot@example.com', ip: '10.1.1.1' }, SIGN_IN_THROTTLE)).pair).toBe(1);
      expect(await authorizeCredentials(t.db, { email: ' PILOT@example.com', password: PASSWORD }, '10.1.1.1')).toEqual({
        id: user.id,
        email: 'pilot@example.com',
        name: 'Pilot',
      });
      expect((await countRecentAttempts(t.db, { email: 'pilot@example.com', ip: '10.1.1.1' }, SIGN_IN_THROTTLE)).pair).toBe(0);
      const events = (await listAuditEvents(t.db, { actorUserId: user.id })).events;
      expect(events.map((e) => [e.action, e.outcome, e.ip])).toEqual([
        ['auth.sign_in', 'success', '10.1.1.1'],
        ['auth.sign_in_failed', 'failure', '10.1.1.1'],
      ]);
    });

    it('refuses the published demo password on an address the network reaches, from any account', async () => {
      const demo = await createUser(t.db, { email: 'admin@demo.test', passwordHash: await hashPassword(PUBLISHED_DEMO_PASSWORD, FAST) });
      const before = checks.count;
      const credentials = { email: 'admin@demo.test', password: PUBLISHED_DEMO_PASSWORD };
      expect(await authorizeCredentials(t.db, credentials, '203.0.113.9', SIGN_IN_THROTTLE, 'refused')).toBeNull();
      expect(checks.count).toBe(before);
      const events = (await listAuditEvents(t.db, { actorUserId: demo.id })).events;
      expect(events[0]).toMatchObject({ action: 'auth.sign_in_failed', details: { reason: 'published_password_on_public_address' } });
      // On loopback (or with DEMO_PUBLIC=true) the demo signs in as before.
      expect(await authorizeCredentials(t.db, credentials, '127.0.0.1', SIGN_IN_THROTTLE, 'allowed')).toMatchObject({ id: demo.id });
    });

    it('answers a wrong password and an unknown email alike, and audits both', async () => {
      expect(await authorizeCredentials(t.db, { email: 'ghost@example.com', password: PASSWORD }, null)).toBeNull();
      expect(await authorizeCredentials(t.db, { email: 'not an email', password: PASSWORD }, null)).toBeNull();
      const ghost = (await listAuditEvents(t.db, { actor: 'ghost@' })).events;
      expect(ghost).toHaveLength(1);
      expect(ghost[0]).toMatchObject({ action: 'auth.sign_in_failed', actorUserId: null, details: { reason: 'invalid_credentials' } });
    });

    it('lets 20 wrong attempts made in parallel reach at most 5 password checks', async () => {
      await fastUser(t.db, 'burst@example.com');
      checks.count = 0;
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) =>
          authorizeCredentials(t.db, { email: 'burst@example.com', password: `guess-${i}` }, '203.0.113.20'),
        ),
      );
      expect(checks.count).toBeLessThanOrEqual(5);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(checks.count);
      const refused = results.filter((r) => r.status === 'rejected');
      expect(refused.length).toBeGreaterThanOrEqual(15);
      for (const r of refused) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(SignInThrottledError);
    });

    it('counts the addresses of one IPv6 /64 as one, and audits the address itself', async () => {
      await fastUser(t.db, 'six@example.com');
      const before = checks.count;
      for (let i = 1; i <= 10; i++) {
        await authorizeCredentials(t.db, { email: 'six@example.com', password: `guess-${i}` }, `2001:db8:6:6::${i}`).catch(
          (error: unknown) => expect(error).toBeInstanceOf(SignInThrottledError),
        );
      }
      expect(checks.count - before).toBe(5);
      const failed = (await listAuditEvents(t.db, { actor: 'six@' })).events;
      expect(failed.map((e) => e.ip)).toContain('2001:db8:6:6::1');
    });

    it('keeps the known admin able to sign in from another address while an attacker hammers from one', async () => {
      const admin = await fastUser(t.db, 'admin@example.com');
      const attacker = '203.0.113.66';
      // Delays from a minute up, so none runs out while this test runs on a slow machine.
      const policy = { ...SIGN_IN_THROTTLE, baseDelayMs: 60_000 };
      for (let round = 0; round < 3; round++) {
        for (let i = 0; i < 8; i++) {
          await authorizeCredentials(t.db, { email: 'admin@example.com', password: `guess-${round}-${i}` }, attacker, policy).catch(
            (error: unknown) => {
              expect(error).toBeInstanceOf(SignInThrottledError);
            },
          );
        }
        await expect(
          authorizeCredentials(t.db, { email: 'admin@example.com', password: PASSWORD }, attacker, policy),
        ).rejects.toMatchObject({
          message: SIGN_IN_ERRORS.throttled,
        });
        expect(
          await authorizeCredentials(t.db, { email: 'admin@example.com', password: PASSWORD }, `198.51.100.${round}`, policy),
        ).toMatchObject({ id: admin.id });
      }
      // Only 5 of the attacker's 24 guesses reached a password check, and the owner's successes did not reset the wait.
      expect((await countRecentAttempts(t.db, { email: 'admin@example.com', ip: attacker }, SIGN_IN_THROTTLE)).pair).toBe(5);
      await expect(
        authorizeCredentials(t.db, { email: 'admin@example.com', password: 'one more' }, attacker, policy),
      ).rejects.toBeInstanceOf(SignInThrottledError);
    });

    it('audits throttled attempts at most once per account and address per minute', async () => {
      await fastUser(t.db, `victim-${leg.kind}@example.com`);
      const ip = `192.0.2.${leg.kind === 'pglite' ? 1 : 2}`;
      for (let i = 0; i < 5; i++) await authorizeCredentials(t.db, { email: `victim-${leg.kind}@example.com`, password: `guess-${i}` }, ip);
      for (let i = 0; i < 12; i++) {
        await expect(
          authorizeCredentials(t.db, { email: `victim-${leg.kind}@example.com`, password: `more-${i}` }, ip),
        ).rejects.toBeInstanceOf(SignInThrottledError);
      }
      const events = (await listAuditEvents(t.db, { actor: `victim-${leg.kind}@`, limit: 100 })).events;
      expect(events.filter((e) => (e.details as { reason?: string }).reason === 'invalid_credentials')).toHaveLength(5);
      const throttled = events.filter((e) => (e.details as { reason?: string }).reason === 'throttled');
      expect(throttled).toHaveLength(1);
      expect(throttled[0]).toMatchObject({ action: 'auth.sign_in_failed', details: { limit: 'account' } });
    });

    it('rehashes a password stored under weaker parameters on the next successful sign-in', async () => {
      setTestScryptCost(SCRYPT_DEFAULTS);
      onTestFinished(() => setTestScryptCost(TEST_SCRYPT_COST));
      const user = await createUser(t.db, {
        email: 'legacy@example.com',
        passwordHash: await hashPassword(PASSWORD, { N: 2 ** 14, r: 8, p: 1 }),
      });
      const storedHash = async () => (await t.db.select({ h: users.passwordHash }).from(users).where(eq(users.id, user.id)))[0].h;
      expect(await storedHash()).toMatch(/^scrypt\$16384\$/);
      expect(await authorizeCredentials(t.db, { email: 'legacy@example.com', password: 'wrong' }, '10.3.0.1')).toBeNull();
      expect(await storedHash()).toMatch(/^scrypt\$16384\$/);
      expect(await authorizeCredentials(t.db, { email: 'legacy@example.com', password: PASSWORD }, '10.3.0.1')).toMatchObject({
        id: user.id,
      });
      expect(await storedHash()).toMatch(/^scrypt\$131072\$8\$1\$/);
      expect(await authorizeCredentials(t.db, { email: 'legacy@example.com', password: PASSWORD }, '10.3.0.1')).toMatchObject({
        id: user.id,
      });
    });

    it('single sign-on admits only people an organization has added', async () => {
      const org = await createOrganization(t.db, { slug: 'sso', name: 'SSO', apiBaseUrl: null, clientId: 'c', clientSecret: 's' });
      const { user: invited } = await ensureUser(t.db, { email: 'invited@example.com' });
      await ensureMembership(t.db, org.id, invited.id, 'support');
      const admitted = await admitOidcUser(t.db, { ...IDP, email: 'Invited@Example.com', emailVerified: true, name: 'Ivy' });
      expect(admitted).toEqual({ id: invited.id, email: 'invited@example.com', name: 'Ivy' });
      expect((await findUserByEmail(t.db, 'invited@example.com'))?.name).toBe('Ivy');

      expect(await admitOidcUser(t.db, { ...IDP, subject: 'stranger', email: 'stranger@example.com', emailVerified: true })).toEqual(
        REFUSED,
      );
      expect(await findUserByEmail(t.db, 'stranger@example.com')).toBeUndefined();
      await ensureUser(t.db, { email: 'member-of-nothing@example.com' });
      expect(await admitOidcUser(t.db, { ...IDP, subject: 'nobody', email: 'member-of-nothing@example.com' })).toEqual(REFUSED);
      expect(await admitOidcUser(t.db, { ...IDP, subject: 'unverified', email: 'invited@example.com', emailVerified: false })).toEqual(
        REFUSED,
      );
      const refused = (await listAuditEvents(t.db, { action: 'auth.sign_in_failed', actor: 'stranger@' })).events;
      expect(refused[0]).toMatchObject({ outcome: 'failure', details: { method: 'oidc', reason: 'not_invited' } });
    });
  });
}
