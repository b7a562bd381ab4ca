import type { JWT } from 'next-auth/jwt';
import { Secret, TOTP } from 'otpauth';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '@/lib/db';
import { listAuditEvents } from '@/lib/db/repos/audit';
import { ensureMembership } from '@/lib/db/repos/memberships';
import { createOrganization } from '@/lib/db/repos/organizations';
import { bindSsoIdentity } from '@/lib/db/repos/sso-identities';
import { createUser } from '@/lib/db/repos/users';
import { createTestDatabase } from '@/lib/db/testing.test-support';
import { confirmTotpEnrolment, startTotpEnrolment } from '@/lib/profile/server/manage-second-factor';
import { PEER_ADDRESS_HEADER } from './server/client-address';
import { sealPendingSsoSignIn } from './server/sso-second-factor';

/**
 * Issue 26: a single sign-on of an account with a second factor is interrupted for it, as a
 * password sign-in is. Driven through next-auth's own callbacks and credentials provider (the
 * options the route handler uses), with the request's cookie jar in memory.
 */
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });
const SECRET = 'test-secret-test-secret-test-secret-2627';
const ISSUER = 'https://idp.example.com/realms/x';
const PENDING_COOKIE = 'motorpool.sso-second-factor';
// Before anything seals (the organization's credentials below): both module graphs use one key.
vi.stubEnv('AUTH_SECRET', SECRET);

const database = await createTestDatabase('pglite');
const db = database.db as Db;
afterAll(() => database.close());
const org = await createOrganization(db, { slug: 'sso-2fa', name: 'SSO 2FA', apiBaseUrl: null, clientId: 'c', clientSecret: 's' });

/** The request's cookies as next/headers hands them to a route handler. */
const jar = new Map<string, string>();
const cookieStore = {
  get: (name: string) => (jar.has(name) ? { name, value: jar.get(name)! } : undefined),
  set: (name: string, value: string) => void jar.set(name, value),
  delete: (options: string | { name: string }) => void jar.delete(typeof options === 'string' ? options : options.name),
};

async function loadOptions() {
  vi.resetModules();
  vi.doMock('@/lib/db', async (importOriginal) => ({ ...(await importOriginal<object>()), getDb: () => db }));
  vi.doMock('next/headers', () => ({ cookies: async () => cookieStore, headers: async () => new Headers() }));
  vi.stubEnv('AUTH_SECRET', SECRET);
  vi.stubEnv('OIDC_ISSUER', `${ISSUER}/`);
  vi.stubEnv('OIDC_CLIENT_ID', 'motorpool');
  vi.stubEnv('OIDC_CLIENT_SECRET', 'idp-secret');
  const { authOptions } = await import('./options');
  const options = authOptions();
  const credentials = options.providers.find((p) => p.id === 'credentials') as unknown as {
    options: { authorize: (c: Record<string, string>, r: unknown) => Promise<{ id: string } | null> };
  };
  return {
    /** The identity provider's callback reaching next-auth's signIn callback with this profile. */
    ssoSignIn: (subject: string, email: string) =>
      options.callbacks!.signIn!({
        user: { id: subject, email },
        account: { provider: 'oidc', type: 'oauth', providerAccountId: subject },
        profile: { sub: subject, email, email_verified: true },
      } as never),
    /** The sign-in page's code step, posted to the credentials provider from 192.0.2.77. */
    codeStep: (fields: Record<string, string>) =>
      credentials.options.authorize({ sso: '1', ...fields }, { headers: { [PEER_ADDRESS_HEADER]: '192.0.2.77' } }),
    jwt: (user: { id: string }, provider: string) =>
      options.callbacks!.jwt!({
        token: {},
        user,
        account: { provider, type: provider, providerAccountId: user.id },
      } as never) as Promise<JWT>,
  };
}

afterEach(() => {
  jar.clear();
  vi.doUnmock('@/lib/db');
  vi.doUnmock('next/headers');
});

const PASSWORD = 'a long enough password';
const codeOf = (secret: string, offsetSteps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offsetSteps * 30_000 });

/** A member bound to an identity at the provider, with an authenticator app when `withApp`. */
async function member(name: string, withApp: boolean) {
  const user = await createUser(db, { email: `${name}@example.com`, password: PASSWORD });
  await ensureMembership(db, org.id, user.id, 'manager');
  await bindSsoIdentity(db, { userId: user.id, issuer: ISSUER, subject: `sub-${name}`, email: user.email });
  if (!withApp) return { user, secret: '' };
  const person = { user, ip: '192.0.2.50' };
  const { secret } = await startTotpEnrolment({ ...person, password: PASSWORD }, db);
  await confirmTotpEnrolment({ ...person, code: codeOf(secret) }, db);
  return { user, secret };
}

const signInsOf = async (userId: string) =>
  (await listAuditEvents(db, { actorUserId: userId })).events.filter((e) => e.action === 'auth.sign_in');

describe('single sign-on of an account with a second factor (issue 26)', () => {
  it('issues no session at the identity provider’s answer: the sign-in page asks for the code', async () => {
    const { user } = await member('interrupted', true);
    const auth = await loadOptions();
    // Where the single sign-on button was asked to go on to (next-auth's cookie): the code step goes on there.
    jar.set('next-auth.callback-url', 'http://localhost:3000/o/sso-2fa/vehicles');
    expect(await auth.ssoSignIn('sub-interrupted', 'interrupted@example.com')).toBe(
      `/sign-in?error=SecondFactorRequired&via=sso&callbackUrl=${encodeURIComponent('http://localhost:3000/o/sso-2fa/vehicles')}`,
    );
    expect(jar.get(PENDING_COOKIE)).toEqual(expect.any(String));
    expect(await signInsOf(user.id)).toHaveLength(0);
  });

  it('signs in once the code is right, as the same account, and only then', async () => {
    const { user, secret } = await member('finished', true);
    const auth = await loadOptions();
    await auth.ssoSignIn('sub-finished', 'finished@example.com');
    await expect(auth.codeStep({})).rejects.toThrow(/^SecondFactorRequired$/);
    await expect(auth.codeStep({ code: '000000' === codeOf(secret, 1) ? '111111' : '000000' })).rejects.toThrow(/^SecondFactorInvalid$/);
    expect(await signInsOf(user.id)).toHaveLength(0);

    const signedIn = await auth.codeStep({ code: codeOf(secret, 1) });
    expect(signedIn).toMatchObject({ id: user.id, email: user.email });
    expect(await auth.jwt(signedIn!, 'credentials')).toMatchObject({ uid: user.id });
    expect(await signInsOf(user.id)).toEqual([
      expect.objectContaining({ details: expect.objectContaining({ method: 'oidc', secondFactor: 'totp' }) }),
    ]);
    const failures = (await listAuditEvents(db, { actorUserId: user.id })).events.filter((e) => e.action === 'auth.sign_in_failed');
    expect(failures).toEqual([
      expect.objectContaining({ details: expect.objectContaining({ method: 'oidc', reason: 'second_factor_invalid' }) }),
    ]);
    // The interrupted sign-in is used up: the cookie is gone, and the next code alone opens nothing.
    expect(jar.has(PENDING_COOKIE)).toBe(false);
    await expect(auth.codeStep({ code: codeOf(secret, 2) })).rejects.toThrow(/^SsoSecondFactorExpired$/);
  });

  it('finishes nothing without a fresh interrupted sign-in, or for an identity no longer bound to the account', async () => {
    const { user, secret } = await member('stale', true);
    const auth = await loadOptions();
    jar.set(PENDING_COOKIE, sealPendingSsoSignIn({ userId: user.id, issuer: ISSUER, subject: 'sub-stale' }, Date.now() - 5 * 60_000 - 1));
    await expect(auth.codeStep({ code: codeOf(secret, 1) })).rejects.toThrow(/^SsoSecondFactorExpired$/);
    // Another account named with this identity (a cookie the server never sealed for it) is refused.
    const other = await member('other', true);
    jar.set(PENDING_COOKIE, sealPendingSsoSignIn({ userId: other.user.id, issuer: ISSUER, subject: 'sub-stale' }));
    await expect(auth.codeStep({ code: codeOf(other.secret, 1) })).rejects.toThrow(/^SsoSecondFactorExpired$/);
    // A hand-written cookie opens nothing.
    jar.set(PENDING_COOKIE, JSON.stringify({ uid: user.id, iss: ISSUER, sub: 'sub-stale', exp: Date.now() + 60_000 }));
    await expect(auth.codeStep({ code: codeOf(secret, 1) })).rejects.toThrow(/^SsoSecondFactorExpired$/);
    expect(await signInsOf(user.id)).toHaveLength(0);
  });

  it('signs in an account without a second factor at once, as before', async () => {
    const { user } = await member('plain', false);
    const auth = await loadOptions();
    expect(await auth.ssoSignIn('sub-plain', 'plain@example.com')).toBe(true);
    expect(jar.has(PENDING_COOKIE)).toBe(false);
    expect(await signInsOf(user.id)).toEqual([expect.objectContaining({ details: expect.objectContaining({ method: 'oidc' }) })]);
  });
});
