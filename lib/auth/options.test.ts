import type { JWT } from 'next-auth/jwt';
import { afterEach, describe, expect, it, vi } from 'vitest';

const SECRET = 'test-secret-test-secret-test-secret-0011';

async function loadOptions(extraEnv: Record<string, string> = {}) {
  vi.resetModules();
  vi.stubEnv('AUTH_SECRET', SECRET);
  for (const [key, value] of Object.entries(extraEnv)) vi.stubEnv(key, value);
  const { authOptions } = await import('./options');
  return authOptions();
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('next-auth options', () => {
  it('uses JWT sessions, the app’s sign-in page, the auth secret, and credentials only by default', async () => {
    const options = await loadOptions();
    expect(options.session?.strategy).toBe('jwt');
    expect(options.pages?.signIn).toBe('/sign-in');
    expect(options.secret).toBe(SECRET);
    expect(options.providers.map((p) => p.id)).toEqual(['credentials']);
  });

  it('puts Motorpool’s user id into the token and the session', async () => {
    const options = await loadOptions();
    const token = (await options.callbacks!.jwt!({
      token: { email: 'a@example.com' },
      user: { id: 'user-1', email: 'a@example.com' },
      account: { provider: 'credentials', type: 'credentials', providerAccountId: 'user-1' },
    } as never)) as JWT;
    expect(token.uid).toBe('user-1');
    const later = (await options.callbacks!.jwt!({ token } as never)) as JWT;
    expect(later.uid).toBe('user-1');
    const session = await options.callbacks!.session!({ session: { user: { email: 'a@example.com' }, expires: '' }, token } as never);
    expect(session.user).toEqual({ email: 'a@example.com', id: 'user-1' });
  });

  it('redirects after sign-in only to paths on the own origin (issue 12, item 5)', async () => {
    const options = await loadOptions();
    const redirect = options.callbacks!.redirect!;
    const baseUrl = 'http://localhost:3000';
    for (const url of ['/\\evil.example', '/\t/evil.example', 'https:evil.example', '//evil.example', 'https://evil.example/o', '/.//evil.example']) {
      const target = await redirect({ url, baseUrl });
      expect(new URL(target).origin, url).toBe(baseUrl);
      expect(new URL(target).pathname.startsWith('//'), url).toBe(false);
    }
    expect(await redirect({ url: '/o/demo/vehicles?make=Volvo', baseUrl })).toBe('http://localhost:3000/o/demo/vehicles?make=Volvo');
  });

  it('uses the __Secure- cookie names exactly when APP_URL is https (issue 12, item 9)', async () => {
    expect((await loadOptions({ APP_URL: 'https://fleet.example.com' })).useSecureCookies).toBe(true);
    expect((await loadOptions({ APP_URL: 'http://127.0.0.1:3000' })).useSecureCookies).toBe(false);
  });

  it('adds the OIDC provider when it is configured', async () => {
    const options = await loadOptions({ OIDC_ISSUER: 'https://idp.example.com/realms/x/', OIDC_CLIENT_ID: 'motorpool', OIDC_CLIENT_SECRET: 'idp-secret' });
    const oidc = options.providers.find((p) => p.id === 'oidc') as unknown as { type: string; wellKnown: string; checks: string[] };
    expect(oidc).toMatchObject({ type: 'oauth', wellKnown: 'https://idp.example.com/realms/x/.well-known/openid-configuration' });
    expect(oidc.checks).toContain('pkce');
  });

  it('lets credentials sign-ins through the signIn callback (authorize already decided)', async () => {
    const options = await loadOptions();
    expect(await options.callbacks!.signIn!({ user: { id: 'u' }, account: { provider: 'credentials' } } as never)).toBe(true);
  });
});

describe('credentials provider', () => {
  it('never lets a server error’s message reach the redirect URL', async () => {
    vi.doMock('@/lib/db', () => ({
      getDb: () => {
        throw new Error('connect ECONNREFUSED 10.0.0.5:5432 password=hunter2');
      },
    }));
    const options = await loadOptions();
    const provider = options.providers.find((p) => p.id === 'credentials') as unknown as {
      options: { authorize: (c: Record<string, string>, r: unknown) => Promise<unknown> };
    };
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(provider.options.authorize({ email: 'a@example.com', password: 'x' }, { headers: {} })).rejects.toThrow(/^SignInUnavailable$/);
    expect(errors).toHaveBeenCalled();
    vi.doUnmock('@/lib/db');
  });
});
