import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { DEMO_PASSWORD, demoEmail } from '../fixtures/roles';
import { secondConsole, startSecondConsole, stopSecondConsole } from '../fixtures/second-console';
import { expect, test } from '../fixtures/test';

// Issue 26: single sign-on into an account with a second factor asks for it before any session.
// A console of its own (E2E_PORT + 15) whose OIDC_ISSUER is a minimal identity provider run by
// this spec: it signs in whoever is asked for (the admin's verified email) without a page.

const consoleB = secondConsole(15);
const origin = consoleB.origin;
const CLIENT = { id: 'motorpool-e2e', secret: 'an e2e client secret' };

test.describe.configure({ mode: 'serial', timeout: 240_000 });
test.use({
  storageState: { cookies: [], origins: [] },
  // The wrong code's answer (next-auth's 401 for a refused credentials step), which the test sends on purpose.
  allowedConsoleErrors: [/status of 401 \(Unauthorized\) at http:\/\/127\.0\.0\.1:\d+\/api\/auth\/callback\/credentials$/],
});

let idp: Server | undefined;
let server: ChildProcess | undefined;
let dataDir = '';

/** Discovery, an authorization endpoint that answers at once, a token endpoint with an RS256 id_token, and the key set. */
async function startIdentityProvider(subject: string, email: string): Promise<Server> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'e2e', alg: 'RS256', use: 'sig' };
  const codes = new Map<string, string | undefined>();
  const http = createServer((request, response) => {
    const issuer = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    const url = new URL(request.url ?? '/', issuer);
    const json = (body: unknown) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname === '/.well-known/openid-configuration') {
      return json({
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        userinfo_endpoint: `${issuer}/userinfo`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
        code_challenge_methods_supported: ['S256'],
      });
    }
    if (url.pathname === '/jwks') return json({ keys: [jwk] });
    if (url.pathname === '/userinfo') return json({ sub: subject, email, email_verified: true });
    if (url.pathname === '/authorize') {
      const code = `code-${codes.size + 1}`;
      codes.set(code, url.searchParams.get('nonce') ?? undefined);
      const back = new URL(url.searchParams.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      return response.writeHead(302, { location: back.toString() }).end();
    }
    if (url.pathname === '/token' && request.method === 'POST') {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const code = new URLSearchParams(body).get('code') ?? '';
        if (!codes.has(code)) return response.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"invalid_grant"}');
        const nonce = codes.get(code);
        codes.delete(code);
        void new SignJWT({ email, email_verified: true, name: 'SSO Admin', ...(nonce && { nonce }) })
          .setProtectedHeader({ alg: 'RS256', kid: 'e2e' })
          .setIssuer(issuer)
          .setSubject(subject)
          .setAudience(CLIENT.id)
          .setIssuedAt()
          .setExpirationTime('5m')
          .sign(privateKey)
          .then((idToken) => json({ access_token: 'e2e-access-token', token_type: 'Bearer', expires_in: 300, id_token: idToken }));
      });
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return http;
}

test.beforeAll(async () => {
  test.setTimeout(150_000);
  idp = await startIdentityProvider('sso-admin-subject', demoEmail('admin'));
  dataDir = mkdtempSync(path.join(tmpdir(), 'motorpool-sso-'));
  server = await startSecondConsole(consoleB, dataDir, {
    OIDC_ISSUER: `http://127.0.0.1:${(idp.address() as AddressInfo).port}`,
    OIDC_CLIENT_ID: CLIENT.id,
    OIDC_CLIENT_SECRET: CLIENT.secret,
  });
});

test.afterAll(async () => {
  if (server) await stopSecondConsole(server);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  await new Promise((resolve) => (idp ? idp.close(resolve) : resolve(undefined)));
});

const codeOf = (secret: string, offsetSteps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offsetSteps * 30_000 });

test('single sign-on into an account with an authenticator app gets no session until the code', async ({ page }) => {
  // The admin signs in with the password and sets up the app.
  await page.goto(`${origin}/sign-in`);
  await page.getByLabel('Email').fill(demoEmail('admin'));
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/o\/demo$/, { timeout: 30_000 });
  await page.goto(`${origin}/profile/password#two-step`);
  const section = page.getByRole('region', { name: 'Two-step verification' });
  await section.getByLabel('Your password').fill(DEMO_PASSWORD);
  await section.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const secret = (await section.getByTestId('totp-secret').textContent({ timeout: 30_000 }))!.trim();
  await section.getByLabel('Code from the app').fill(codeOf(secret));
  await section.getByRole('button', { name: 'Turn on two-step verification' }).click();
  await section.getByRole('button', { name: 'I have saved them' }).click();
  await page.context().clearCookies();

  // Single sign-on: the identity provider vouches for the admin, the console asks for the code.
  await page.goto(`${origin}/sign-in`);
  await page.getByRole('button', { name: 'Sign in with single sign-on' }).click();
  await expect(page).toHaveURL(/\/sign-in\?error=SecondFactorRequired&via=sso/, { timeout: 30_000 });
  await expect(page.getByText('Single sign-on confirmed who you are.')).toBeVisible();
  expect(await (await page.request.get(`${origin}/api/auth/session`)).json()).toEqual({});
  await expect(page.getByLabel('Password')).toHaveCount(0);

  await page.getByLabel('Authentication code').fill('000000' === codeOf(secret, 1) ? '111111' : '000000');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('That code is wrong or was used already.')).toBeVisible({ timeout: 30_000 });
  expect(await (await page.request.get(`${origin}/api/auth/session`)).json()).toEqual({});

  await page.getByLabel('Authentication code').fill(codeOf(secret, 1));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/o\/demo$/, { timeout: 30_000 });
  expect(await (await page.request.get(`${origin}/api/auth/session`)).json()).toMatchObject({ user: { email: demoEmail('admin') } });
});
