import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { DEMO_PASSWORD, demoEmail } from '../fixtures/roles';

// Issue 12, item 7, as an operator meets it: a console whose stored client secret is sealed under
// one key is moved to a new key with `npm run keys:rotate`, after which the old key can go.
// Its own production server on its own data folder, so the shared e2e server is untouched.

const port = Number(process.env.E2E_PORT ?? 3100) + 7;
const origin = `http://127.0.0.1:${port}`;
const root = process.cwd();
const SECOND_ORG = 'northwind';
const key = () => randomBytes(32).toString('base64');

function serverEnv(dataDir: string, keys: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    PORT: String(port),
    APP_URL: origin,
    NEXTAUTH_URL: origin,
    DATA_DIR: dataDir,
    AUTH_SECRET: 'rotate-keys-spec-auth-secret-0123456789abcdef',
    ENCRYPTION_KEYS: keys,
  };
}

async function startServer(dataDir: string, keys: string): Promise<ChildProcess> {
  const child = spawn(path.join(root, 'node_modules', '.bin', 'next'), ['start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: root,
    env: serverEnv(dataDir, keys),
    stdio: 'ignore',
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const up = await fetch(`${origin}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return child;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not answer /api/health within 60 s');
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** A signed-in admin of the demo organization, over HTTP. */
async function signedInAdmin(): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: origin });
  const { csrfToken } = (await (await api.get('/api/auth/csrf')).json()) as { csrfToken: string };
  await api.post('/api/auth/callback/credentials', {
    form: { csrfToken, email: demoEmail('admin'), password: DEMO_PASSWORD, json: 'true' },
  });
  return api;
}

/**
 * Reading vehicles needs the organization's client secret opened, to get an upstream token. The
 * second demo organization's secret is sealed once at first start (the demo organization's own is
 * re-synchronised with the embedded sandbox at every start, so it would prove nothing).
 */
async function readsVehicles(api: APIRequestContext): Promise<number> {
  return (await api.get(`/api/o/${SECOND_ORG}/vehicles?maxPageSize=1`)).status();
}

test('keys:rotate moves stored secrets to the newest key, after which the old key can be dropped', async () => {
  test.slow();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'motorpool-rotate-'));
  const [oldKey, newKey] = [key(), key()];
  let server: ChildProcess | undefined;
  try {
    server = await startServer(dataDir, `old:${oldKey}`);
    let api = await signedInAdmin();
    expect(await readsVehicles(api)).toBe(200);
    await api.dispose();
    await stopServer(server);

    // Dropping the old key before rotating loses the secret: the console cannot reach the upstream.
    server = await startServer(dataDir, `new:${newKey}`);
    api = await signedInAdmin();
    expect(await readsVehicles(api)).not.toBe(200);
    await api.dispose();
    await stopServer(server);

    const rotation = spawnSync(path.join(root, 'node_modules', '.bin', 'tsx'), ['--conditions=react-server', 'scripts/rotate-keys.ts'], {
      cwd: root,
      env: serverEnv(dataDir, `new:${newKey},old:${oldKey}`),
      encoding: 'utf8',
    });
    expect(rotation.status, rotation.stderr).toBe(0);
    expect(rotation.stdout).toContain('Sealed under key "new"');
    expect(rotation.stdout).toMatch(/organizations: [1-9]\d* re-sealed/);

    server = await startServer(dataDir, `new:${newKey}`);
    api = await signedInAdmin();
    expect(await readsVehicles(api)).toBe(200);
    await api.dispose();
  } finally {
    if (server) await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
