import type { JWT } from 'next-auth/jwt';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { captureLog } from '@/lib/ops/capture-log.test-support';
import type { Db } from '@/lib/db';
import { getSessionState, listLiveSessions, setUserDisabled } from '@/lib/db/repos/sessions';
import { eq } from 'drizzle-orm';
import { ensureMembership } from '@/lib/db/repos/memberships';
import { createOrganization } from '@/lib/db/repos/organizations';
import { users } from '@/lib/db/schema';
import { bindSsoIdentity } from '@/lib/db/repos/sso-identities';
import { createUser } from '@/lib/db/repos/users';
import { createTestDatabase } from '@/lib/db/testing.test-support';

const SECRET = 'test-secret-test-secret-test-secret-0011';

const database = await createTestDatabase('pglite');
const db = database.db as Db;
const user = await createUser(db, { email: 'a@example.com', password: 'a long enough password' });
afterAll(() => database.close());

async function loadOptions(extraEnv: Record<string, string> = {}, { mockDb = true } = {}) {
  vi.resetModules();
  if (mockDb) vi.doMock('@/lib/db', async (importOriginal) => ({ ...(await importOriginal<object>()), getDb: () => db }));
  vi.stubEnv('AUTH_SECRET', SECRET);
  for (const [key, value] of Object.entries(extraEnv)) vi.stubEnv(key, value);
  const { authOptions, sessionJwt } = await import('./options');
  return Object.assign(authOptions(), { sessionJwt });
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.doUnmock('@/lib/db');
});

describe('next-auth options', () => {
  it('uses JWT sessions, the app’s sign-in page, the auth secret, and credentials only by default', async () => {
    const options = await loadOptions();
    expect(options.session?.strategy).toBe('jwt');
    expect(options.pages?.signIn).toBe('/sign-in');
    expect(options.secret).toBe(SECRET);
    expect(options.providers.map((p) => p.id)).toEqual(['credentials']);
  });

  it('puts Motorpool’s user id, a new session id, the session version and the sign-in time into the token', async () => {
    const options = await loadOptions();
    const signIn = () =>
      options.callbacks!.jwt!({
        token: { email: 'a@example.com' },
        user: { id: user.id, email: 'a@example.com' },
        account: { provider: 'credentials', type: 'credentials', providerAccountId: user.id },
      } as never) as Promise<JWT>;
    const token = await signIn();
    expect(token).toMatchObject({ uid: user.id, sv: 0 });
    expect(token.sid).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(Math.abs(token.sat! - Date.now() / 1000)).toBeLessThan(5);
    expect((await signIn()).sid).not.toBe(token.sid);
    const later = (await options.callbacks!.jwt!({ token } as never)) as JWT;
    expect(later.uid).toBe(user.id);
    const session = await options.callbacks!.session!({ session: { user: { email: 'a@example.com' }, expires: '' }, token } as never);
    expect(session.user).toEqual({ email: 'a@example.com', id: user.id });
  });

  it('refuses to renew a session past its absolute lifetime from sign-in (fake time), however often it was renewed', async () => {
    vi.useFakeTimers();
    try {
      vi.setSystemTime(new Date('2026-01-01T08:00:00Z'));
      const options = await loadOptions({ SESSION_MAX_AGE_HOURS: '12' });
      const renew = (token: JWT) => options.callbacks!.jwt!({ token } as never) as Promise<JWT>;
      let token = (await options.callbacks!.jwt!({
        token: {},
        user: { id: user.id },
        account: { provider: 'credentials' },
      } as never)) as JWT;
      // Renewed every hour for eleven hours: still the same session, sign-in time unchanged.
      for (let hour = 1; hour <= 11; hour++) {
        vi.setSystemTime(new Date(Date.UTC(2026, 0, 1, 8 + hour)));
        token = await renew(token);
      }
      expect(token.sat).toBe(Date.UTC(2026, 0, 1, 8) / 1000);
      vi.setSystemTime(new Date('2026-01-01T19:59:59Z'));
      await expect(renew(token)).resolves.toMatchObject({ uid: user.id });
      vi.setSystemTime(new Date('2026-01-01T20:00:00Z'));
      await expect(renew(token)).rejects.toThrow('Session ended');
      // A token without a sign-in time (issued before this rule) is not renewed at all.
      await expect(renew({ uid: user.id })).rejects.toThrow('Session ended');
    } finally {
      vi.useRealTimers();
    }
  });

  it('records the session as ended on sign-out, until its absolute expiry', async () => {
    const options = await loadOptions();
    const token = (await options.callbacks!.jwt!({
      token: {},
      user: { id: user.id },
      account: { provider: 'credentials' },
    } as never)) as JWT;
    expect((await getSessionState(db, user.id, token.sid!))?.revoked).toBe(false);
    await expect(options.callbacks!.jwt!({ token } as never)).resolves.toMatchObject({ sid: token.sid });
    await options.events!.signOut!({ token } as never);
    expect((await getSessionState(db, user.id, token.sid!))?.revoked).toBe(true);
    // A copy of the cookie gets no renewal either.
    await expect(options.callbacks!.jwt!({ token } as never)).rejects.toThrow('Session ended');
  });

  it('records each sign-in’s session with its user agent, address and absolute expiry; sign-out takes it off the list', async () => {
    const options = await loadOptions({ SESSION_MAX_AGE_HOURS: '12' });
    const person = await createUser(db, { email: 'recorded@example.com', password: 'a long enough password' });
    const signedInAt = Date.UTC(2026, 0, 1, 8);
    const token = await options.sessionJwt(
      { token: {}, user: { id: person.id }, account: { provider: 'credentials' } },
      () => signedInAt,
      async () => ({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/125.0', ip: '203.0.113.9' }),
    );
    const listed = await listLiveSessions(db, person.id, new Date(signedInAt + 1000));
    expect(listed).toEqual([
      expect.objectContaining({
        sid: token.sid,
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/125.0',
        ip: '203.0.113.9',
        createdAt: new Date(signedInAt),
        lastSeenAt: new Date(signedInAt),
        expiresAt: new Date(signedInAt + 12 * 3600_000),
      }),
    ]);
    await options.events!.signOut!({ token } as never);
    expect(await listLiveSessions(db, person.id, new Date(signedInAt + 2000))).toEqual([]);
  });

  it('issues no session to a disabled user, and refuses their credentials sign-in', async () => {
    const disabled = await createUser(db, { email: 'disabled@example.com', password: 'a long enough password' });
    await setUserDisabled(db, disabled.email, true);
    const options = await loadOptions();
    expect(await options.callbacks!.signIn!({ user: { id: disabled.id }, account: { provider: 'credentials' } } as never)).toBe(false);
    await expect(
      options.callbacks!.jwt!({ token: {}, user: { id: disabled.id }, account: { provider: 'credentials' } } as never),
    ).rejects.toThrow();
  });

  it('redirects after sign-in only to paths on the own origin (issue 12, item 5)', async () => {
    const options = await loadOptions();
    const redirect = options.callbacks!.redirect!;
    const baseUrl = 'http://localhost:3000';
    for (const url of [
      '/\\evil.example',
      '/\t/evil.example',
      'https:evil.example',
      '//evil.example',
      'https://evil.example/o',
      '/.//evil.example',
    ]) {
      const target = await redirect({ url, baseUrl });
      expect(new URL(target).origin, url).toBe(baseUrl);
      expect(new URL(target).pathname.startsWith('//'), url).toBe(false);
    }
    expect(await redirect({ url: '/o/demo/vehicles?make=Volvo', baseUrl })).toBe('http://localhost:3000/o/demo/vehicles?make=Volvo');
  });

  it('uses secure cookie names exactly when APP_URL is https, the session a __Host- cookie (issue 12, item 9; issue 26)', async () => {
    const secure = await loadOptions({ APP_URL: 'https://fleet.example.com' });
    expect(secure.useSecureCookies).toBe(true);
    // __Host-: Secure, Path=/ and no Domain, or the browser refuses it.
    expect(secure.cookies?.sessionToken).toEqual({
      name: '__Host-next-auth.session-token',
      options: { httpOnly: true, sameSite: 'lax', path: '/', secure: true },
    });
    const plain = await loadOptions({ APP_URL: 'http://127.0.0.1:3000' });
    expect(plain.useSecureCookies).toBe(false);
    expect(plain.cookies).toBeUndefined();
  });

  it('adds the OIDC provider when it is configured', async () => {
    const options = await loadOptions({
      OIDC_ISSUER: 'https://idp.example.com/realms/x/',
      OIDC_CLIENT_ID: 'motorpool',
      OIDC_CLIENT_SECRET: 'idp-secret',
    });
    const oidc = options.providers.find((p) => p.id === 'oidc') as unknown as { type: string; wellKnown: string; checks: string[] };
    expect(oidc).toMatchObject({ type: 'oauth', wellKnown: 'https://idp.example.com/realms/x/.well-known/openid-configuration' });
    expect(oidc.checks).toContain('pkce');
  });

  it('gives an OIDC sign-in the account its subject is bound to, never the account found by email (issue 26, M2)', async () => {
    const options = await loadOptions({
      OIDC_ISSUER: 'https://idp.example.com/realms/x/',
      OIDC_CLIENT_ID: 'motorpool',
      OIDC_CLIENT_SECRET: 's',
    });
    const other = await createUser(db, { email: 'bound-elsewhere@example.com' });
    await bindSsoIdentity(db, {
      userId: other.id,
      issuer: 'https://idp.example.com/realms/x',
      subject: 'bound-subject',
      email: other.email,
    });
    const jwtFor = (subject: string, email: string) =>
      options.callbacks!.jwt!({
        token: { email },
        user: { id: subject, email },
        account: { provider: 'oidc', type: 'oauth', providerAccountId: subject },
      } as never) as Promise<JWT>;
    expect(await jwtFor('bound-subject', 'a@example.com')).toMatchObject({ uid: other.id });
    // An unbound subject carrying a known email gets no session of that account.
    await expect(jwtFor('unbound-subject', 'a@example.com')).rejects.toThrow('No session');
  });

  it('sends a refused OIDC sign-in back to the sign-in page with its reason (issue 26, M2)', async () => {
    const options = await loadOptions({
      OIDC_ISSUER: 'https://idp.example.com/realms/x',
      OIDC_CLIENT_ID: 'motorpool',
      OIDC_CLIENT_SECRET: 's',
    });
    const org = await createOrganization(db, { slug: 'oidc-refused', name: 'O', apiBaseUrl: null, clientId: 'c', clientSecret: 's' });
    const squatted = await createUser(db, { email: 'squatted@example.com', password: 'the link holder chose it' });
    await ensureMembership(db, org.id, squatted.id, 'manager');
    await db.update(users).set({ passwordSetByLink: true }).where(eq(users.id, squatted.id));
    const signIn = options.callbacks!.signIn!({
      user: { id: 'victim-subject', email: 'squatted@example.com' },
      account: { provider: 'oidc', type: 'oauth', providerAccountId: 'victim-subject' },
      profile: { sub: 'victim-subject', email: 'squatted@example.com', email_verified: true },
    } as never);
    expect(await signIn).toBe('/sign-in?error=SsoPasswordFirst');
  });

  it('lets credentials sign-ins through the signIn callback (authorize already decided)', async () => {
    const options = await loadOptions();
    expect(await options.callbacks!.signIn!({ user: { id: user.id }, account: { provider: 'credentials' } } as never)).toBe(true);
  });
});

describe('credentials provider', () => {
  it('never lets a server error’s message reach the redirect URL', async () => {
    vi.doMock('@/lib/db', () => ({
      getDb: () => {
        throw new Error('connect ECONNREFUSED 10.0.0.5:5432 password=hunter2');
      },
    }));
    const options = await loadOptions({}, { mockDb: false });
    const provider = options.providers.find((p) => p.id === 'credentials') as unknown as {
      options: { authorize: (c: Record<string, string>, r: unknown) => Promise<unknown> };
    };
    const log = captureLog();
    await expect(provider.options.authorize({ email: 'a@example.com', password: 'x' }, { headers: {} })).rejects.toThrow(
      /^SignInUnavailable$/,
    );
    expect(log.lines()).toContainEqual(expect.objectContaining({ event: 'auth.sign_in_failed' }));
    log.restore();
    vi.doUnmock('@/lib/db');
  });
});
