import { spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { signInOverApi } from '../fixtures/console-process';
import { expect, test } from '../fixtures/test';
import { DEMO_PASSWORD, demoEmail } from '../fixtures/roles';
import { secondConsole, secondConsoleEnv, startSecondConsole, stopSecondConsole } from '../fixtures/second-console';

// Issue 12, item 7, as an operator meets it: a console whose stored client secret is sealed under
// one key is moved to a new key with `npm run keys:rotate`, after which the old key can go.
// Its own production server on its own data folder, so the shared e2e server is untouched.

const consoleB = secondConsole(7);
const origin = consoleB.origin;
const root = process.cwd();
const SECOND_ORG = 'northwind';
const key = () => randomBytes(32).toString('base64');

function serverEnv(keys: string): Record<string, string> {
  return { AUTH_SECRET: 'rotate-keys-spec-auth-secret-0123456789abcdef', ENCRYPTION_KEYS: keys };
}

/** A signed-in admin of the demo organization, over HTTP. */
const signedInAdmin = () => signInOverApi(origin, demoEmail('admin'), DEMO_PASSWORD);

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
    server = await startSecondConsole(consoleB, dataDir, serverEnv(`old:${oldKey}`));
    let api = await signedInAdmin();
    expect(await readsVehicles(api)).toBe(200);
    await api.dispose();
    await stopSecondConsole(server);

    // Dropping the old key before rotating loses the secret: the console cannot reach the upstream.
    server = await startSecondConsole(consoleB, dataDir, serverEnv(`new:${newKey}`));
    api = await signedInAdmin();
    expect(await readsVehicles(api)).not.toBe(200);
    await api.dispose();
    await stopSecondConsole(server);

    const rotation = spawnSync(path.join(root, 'node_modules', '.bin', 'tsx'), ['--conditions=react-server', 'scripts/rotate-keys.ts'], {
      cwd: root,
      env: secondConsoleEnv(consoleB, dataDir, serverEnv(`new:${newKey},old:${oldKey}`)),
      encoding: 'utf8',
    });
    expect(rotation.status, rotation.stderr).toBe(0);
    expect(rotation.stdout).toContain('Sealed under key "new"');
    expect(rotation.stdout).toMatch(/organizations: [1-9]\d* re-sealed/);

    server = await startSecondConsole(consoleB, dataDir, serverEnv(`new:${newKey}`));
    api = await signedInAdmin();
    expect(await readsVehicles(api)).toBe(200);
    await api.dispose();
  } finally {
    if (server) await stopSecondConsole(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
