import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { signInOverApi, waitForHealth } from '../fixtures/console-process';
import { expect, test } from '../fixtures/test';
import { DEMO_PASSWORD, demoEmail } from '../fixtures/roles';
import { injectSandboxFault } from '../fixtures/sandbox';
import { SANDBOX_ADMIN_TOKEN } from '../fixtures/sandbox-token';
import { spawnConsole } from '../fixtures/second-console';

/**
 * Issue 14, what an operator meets: its own production server (the standalone artifact, as
 * `npm start` runs it, signals left to the console) on its own embedded database: health and readiness, a second process on
 * the same folder refused naming the first's pid, a log line and metrics per request, and a
 * SIGTERM that lets the request in flight finish, then exits 0.
 */
const PORT = Number(process.env.E2E_OPS_PORT ?? 3160);
const BASE = `http://localhost:${PORT}`;
const DATA_DIR = path.join('.data', `e2e-ops-${PORT}`);
const METRICS_TOKEN = 'e2e-metrics-token-0123456789';
const adminHeaders = { 'x-sandbox-admin-token': SANDBOX_ADMIN_TOKEN };

test.describe.configure({ mode: 'serial', timeout: 180_000 });

type Server = { child: ChildProcess; stdout: string[]; stderr: string[]; exited: Promise<number | null> };

function startServer(port: number): Server {
  const child = spawnConsole({ port, origin: `http://localhost:${port}` }, DATA_DIR, {
    server: 'standalone',
    host: '127.0.0.1',
    detached: true,
    pipe: true,
    env: {
      NEXT_MANUAL_SIG_HANDLE: 'true',
      SANDBOX_ADMIN_TOKEN,
      METRICS_TOKEN,
      LOG_LEVEL: 'info',
      GIT_COMMIT: 'e2e0commit',
      SHUTDOWN_TIMEOUT_MS: '30000',
    },
  });
  const server: Server = { child, stdout: [], stderr: [], exited: new Promise((resolve) => child.once('exit', resolve)) };
  child.stdout!.on('data', (chunk: Buffer) => server.stdout.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => server.stderr.push(chunk.toString()));
  return server;
}

const signedIn = () => signInOverApi(BASE, demoEmail('manager'), DEMO_PASSWORD);

const logLines = (server: Server) =>
  server.stdout
    .join('')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

let server: Server | undefined;
let second: Server | undefined;

test.beforeAll(async () => {
  rmSync(DATA_DIR, { recursive: true, force: true });
  const started = startServer(PORT);
  server = started;
  await waitForHealth(BASE, started.child, () => started.stderr.join(''));
});

test.afterAll(() => {
  for (const s of [server, second]) if (s?.child.pid && s.child.exitCode === null) process.kill(-s.child.pid, 'SIGKILL');
  rmSync(DATA_DIR, { recursive: true, force: true });
  rmSync(`${DATA_DIR}/pglite.lock`, { force: true });
});

test('health names the build and readiness the database', async () => {
  const health = await fetch(`${BASE}/api/health`);
  expect(await health.json()).toEqual({ ok: true, version: expect.stringMatching(/^\d+\.\d+\.\d+/), commit: 'e2e0commit' });
  const ready = await fetch(`${BASE}/api/ready`);
  expect(ready.status).toBe(200);
  expect(await ready.json()).toEqual({ ready: true });
});

test('a second process on the same embedded database exits at once, naming the first one', async () => {
  second = startServer(PORT + 1);
  const code = await Promise.race([second.exited, new Promise((resolve) => setTimeout(() => resolve('still running'), 90_000))]);
  expect(code).toBe(1);
  expect(second.stderr.join('')).toContain(`is in use by process ${server!.child.pid}`);
  // The first one serves on.
  expect((await fetch(`${BASE}/api/ready`)).status).toBe(200);
});

test('each BFF request writes a log line and feeds the metrics, which need the token', async () => {
  const api = await signedIn();
  expect((await api.get('/api/o/demo/vehicles?pageSize=5')).ok()).toBe(true);
  await expect
    .poll(() => logLines(server!).find((l) => l.event === 'bff.request' && l.route === '/api/o/[org]/vehicles'))
    .toMatchObject({ level: 'info', method: 'GET', status: 200, org: expect.any(String), requestId: expect.any(String) });
  const lines = server!.stdout.join('');
  expect(lines).not.toContain(DEMO_PASSWORD);

  expect((await fetch(`${BASE}/api/metrics`)).status).toBe(401);
  const scraped = await fetch(`${BASE}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(scraped.status).toBe(200);
  const text = await scraped.text();
  expect(text).toMatch(
    /motorpool_bff_request_duration_seconds_count\{route="\/api\/o\/\[org\]\/vehicles",method="GET",status="200"\} [1-9]/,
  );
  // The fleet snapshot's first pass takes a token per organization too: counted, whoever asked.
  expect(text).toMatch(/motorpool_token_requests_total\{status="200"\} [1-9]/);
  expect(text).toMatch(/motorpool_upstream_calls_total\{endpoint="GET \/v1\/vehicles",status="200"\} [1-9]/);
  await api.dispose();
});

test('SIGTERM lets the request in flight finish, refuses new connections, and exits 0', async () => {
  const api = await signedIn();
  expect((await api.get('/api/o/demo/vehicles?pageSize=3')).ok()).toBe(true);
  const stats = async () =>
    ((await (await api.get('/sandbox/_admin/stats', { headers: adminHeaders })).json()) as { apiRequests: number }).apiRequests;
  const before = await stats();
  await injectSandboxFault(api, { kind: 'latency', latencyMs: 4_000, method: 'GET', path: '/v1/vehicles', times: 1 });
  const slow = api.get('/api/o/demo/vehicles?pageSize=4', { timeout: 0 });
  // The slow call has reached the upstream: the request is in flight inside the server.
  await expect.poll(stats, { timeout: 15_000 }).toBeGreaterThan(before);

  process.kill(server!.child.pid!, 'SIGTERM');
  await expect
    .poll(() =>
      fetch(`${BASE}/api/health`).then(
        () => 'answered',
        (error: { cause?: { code?: string } }) => error.cause?.code ?? 'failed',
      ),
    )
    .toBe('ECONNREFUSED');
  const response = await slow;
  expect(response.status()).toBe(200);
  expect(((await response.json()) as { items: unknown[] }).items).toHaveLength(4);
  expect(await server!.exited).toBe(0);
  expect(server!.stdout.join('')).toContain('drained; database closed');
  await api.dispose().catch(() => {});
});
