import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { signInOverApi, waitForHealth } from '../fixtures/console-process';
import { expect, test } from '../fixtures/test';
import { DEMO_PASSWORD, demoEmail } from '../fixtures/roles';
import { injectSandboxFault, sandboxFixtures } from '../fixtures/sandbox';
import { SANDBOX_ADMIN_TOKEN } from '../fixtures/sandbox-token';
import { spawnConsole } from '../fixtures/second-console';

/**
 * Issue 8: a crash between the two writes of a command must not lose its record. This spec runs
 * its own production server on its own embedded database, kills it with SIGKILL while the
 * upstream call of a command hangs, starts it again on the same folder, and reads the record back.
 */
const PORT = Number(process.env.E2E_CRASH_PORT ?? 3150);
const BASE = `http://localhost:${PORT}`;
const DATA_DIR = path.join('.data', `e2e-crash-${PORT}`);

test.describe.configure({ mode: 'serial', timeout: 180_000 });

function startServer(): ChildProcess {
  return spawnConsole({ port: PORT, origin: BASE }, DATA_DIR, {
    detached: true,
    // Every interface, as the suite's own server: the demo there is public on purpose.
    env: { DEMO_PUBLIC: 'true', SANDBOX_ADMIN_TOKEN },
  });
}

/** Kills the server's process group and waits for its exit: until then its pid holds the folder's lock. */
async function killHard(child: ChildProcess) {
  if (!child.pid || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGKILL');
  await exited;
}

const signedIn = () => signInOverApi(BASE, demoEmail('manager'), DEMO_PASSWORD);

type View = { id: string; command: string; state: string; errorCode: string | null; requestedBy: string | null };

async function history(context: APIRequestContext, vehicleId: string): Promise<View[]> {
  const response = await context.get(`/api/o/demo/vehicles/${vehicleId}/commands`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { executions: View[] }).executions;
}

let server: ChildProcess | undefined;

test.afterAll(async () => {
  if (server) await killHard(server);
  rmSync(DATA_DIR, { recursive: true, force: true });
});

test('a command record written before a crash survives it and is marked unknown, never dropped', async () => {
  rmSync(DATA_DIR, { recursive: true, force: true });
  server = startServer();
  await waitForHealth(BASE, server);
  let api = await signedIn();
  const { onlineListeningVehicleId: vehicleId } = await sandboxFixtures(api);
  expect(await history(api, vehicleId)).toEqual([]);

  // The upstream takes a minute to answer this one command: the server is killed meanwhile.
  await injectSandboxFault(api, {
    kind: 'latency',
    latencyMs: 60_000,
    method: 'POST',
    pathPrefix: `/v1/vehicles/${vehicleId}/command-execution:`,
    times: 1,
  });
  const sending = api
    .post(`/api/o/demo/vehicles/${vehicleId}/commands`, { data: { command: 'HONK_HORN' }, timeout: 0 })
    .catch(() => 'connection lost');
  await expect.poll(async () => (await history(api, vehicleId)).map((v) => v.command), { timeout: 15_000 }).toEqual(['HONK_HORN']);

  await killHard(server);
  expect(await sending).toBe('connection lost');
  await api.dispose();

  server = startServer();
  await waitForHealth(BASE, server);
  api = await signedIn();
  const [record, ...others] = await history(api, vehicleId);
  expect(others).toEqual([]);
  expect(record).toMatchObject({ command: 'HONK_HORN', state: 'unknown', errorCode: 'INTERRUPTED', requestedBy: demoEmail('manager') });
  await api.dispose();
});
