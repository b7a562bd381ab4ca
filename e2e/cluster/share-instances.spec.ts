import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { request as requestFactory, type APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures/test';

/**
 * Issue 14: two production servers on two ports against one fresh PostgreSQL database and the
 * standalone sandbox (`npm run sandbox`). Skipped, and counted as skipped, when PostgreSQL at
 * 127.0.0.1:5432 does not answer. Figures are printed as `cluster: …` lines.
 */
const PORT_A = Number(process.env.E2E_CLUSTER_PORT ?? 3170);
const PORT_B = PORT_A + 1;
const SANDBOX_PORT = PORT_A + 2;
const ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = `motorpool_cluster_${PORT_A}_${randomBytes(4).toString('hex')}`;
const DATABASE_URL = (() => {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DB_NAME}`;
  return url.toString();
})();
const METRICS_TOKEN = 'cluster-metrics-token-0123456789';
const ADMIN = { email: 'cluster-admin@example.com', password: 'cluster-password-123' };
const SANDBOX = `http://127.0.0.1:${SANDBOX_PORT}`;
const base = (port: number) => `http://localhost:${port}`;

test.describe.configure({ mode: 'serial', timeout: 240_000 });

type Proc = { child: ChildProcess; out: string[] };
const procs: Proc[] = [];

function run(command: string, args: string[], env: Record<string, string>): Proc {
  const child = spawn(command, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  const proc = { child, out: [] as string[] };
  child.stdout!.on('data', (chunk: Buffer) => proc.out.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => proc.out.push(chunk.toString()));
  procs.push(proc);
  return proc;
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, proc: Proc, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    expect(proc.child.exitCode, `${what}: the process exited\n${proc.out.join('')}`).toBeNull();
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${what} did not happen within ${timeoutMs} ms\n${proc.out.join('')}`);
}

const ready = (port: number) => async () => ((await fetch(`${base(port)}/api/ready`)).status === 200 ? true : undefined);
const tokensIssued = async () => ((await (await fetch(`${SANDBOX}/_admin/stats`)).json()) as { tokensIssued: number }).tokensIssued;

async function signIn(port: number, email: string, password: string): Promise<APIRequestContext> {
  const context = await requestFactory.newContext({ baseURL: base(port), extraHTTPHeaders: { Origin: base(port) } });
  const { csrfToken } = (await (await context.get('/api/auth/csrf')).json()) as { csrfToken: string };
  const response = await context.post('/api/auth/callback/credentials', { form: { csrfToken, email, password, json: 'true' } });
  expect(response.ok()).toBe(true);
  return context;
}

let available = false;
let sql: postgres.Sql | undefined;

test.beforeAll(async () => {
  sql = postgres(ADMIN_URL, { max: 1, connect_timeout: 2, onnotice: () => {} });
  available = await sql`select 1`.then(
    () => true,
    () => false,
  );
  test.skip(!available, 'PostgreSQL at 127.0.0.1:5432 does not answer');
  await sql.unsafe(`create database "${DB_NAME}"`);

  const sandbox = run(path.join('node_modules', '.bin', 'tsx'), ['--conditions=react-server', 'scripts/sandbox.ts'], {
    SANDBOX_PORT: String(SANDBOX_PORT),
  });
  const credentials = await until(
    'the sandbox printing its credentials',
    async () => {
      const text = sandbox.out.join('');
      const id = /client id:\s+(\S+)/.exec(text)?.[1];
      const secret = /client secret:\s+(\S+)/.exec(text)?.[1];
      return id && secret ? { id, secret } : undefined;
    },
    sandbox,
  );

  // Both instances start at the same moment on the empty database.
  const authSecret = randomBytes(32).toString('base64url');
  const instance = (port: number) =>
    run(path.join('node_modules', '.bin', 'next'), ['start', '-p', String(port)], {
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      NEXT_MANUAL_SIG_HANDLE: 'true',
      PORT: String(port),
      APP_URL: base(port),
      NEXTAUTH_URL: base(port),
      DATABASE_URL,
      AUTH_SECRET: authSecret,
      VEHICLE_API_BASE_URL: SANDBOX,
      VEHICLE_API_CLIENT_ID: credentials.id,
      VEHICLE_API_CLIENT_SECRET: credentials.secret,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      METRICS_TOKEN,
      LOG_LEVEL: 'warn',
    });
  const [a, b] = [instance(PORT_A), instance(PORT_B)];
  await Promise.all([until('instance A ready', ready(PORT_A), a), until('instance B ready', ready(PORT_B), b)]);
});

test.afterAll(async () => {
  for (const proc of procs) if (proc.child.pid && proc.child.exitCode === null) process.kill(-proc.child.pid, 'SIGKILL');
  if (available) await sql?.unsafe(`drop database if exists "${DB_NAME}" with (force)`);
  await sql?.end({ timeout: 2 });
});

test('two instances starting at once on an empty database migrate once', async () => {
  const journal = JSON.parse(readFileSync(path.join('lib', 'db', 'migrations', 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  const db = postgres(DATABASE_URL, { max: 1, onnotice: () => {} });
  try {
    const [row] = await db<{ total: number; distinct: number }[]>`
      select count(*)::int as total, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations`;
    console.log(`cluster: migrations applied ${row.total} (of ${journal.entries.length}) with two instances starting at once`);
    expect(row).toEqual({ total: journal.entries.length, distinct: journal.entries.length });
  } finally {
    await db.end({ timeout: 2 });
  }
});

test('one token request for the organization across both instances, cold start with requests on both at once', async () => {
  expect(await tokensIssued()).toBe(0);
  const onA = await signIn(PORT_A, ADMIN.email, ADMIN.password);
  // The session made on A opens B too (one AUTH_SECRET, cookies are not per port).
  const reads = [PORT_A, PORT_B].flatMap((port) =>
    [3, 4, 5, 6, 7].map((pageSize) => onA.get(`${base(port)}/api/o/fleet/vehicles?pageSize=${pageSize}`).then((r) => r.status())),
  );
  expect(await Promise.all(reads)).toEqual(Array(10).fill(200));
  const issued = await tokensIssued();
  console.log(`cluster: token requests across both instances after 10 concurrent cold reads: ${issued}`);
  expect(issued).toBe(1);

  const scraped = await Promise.all(
    [PORT_A, PORT_B].map(async (port) =>
      (await fetch(`${base(port)}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text(),
    ),
  );
  const counted = scraped.map((text) => Number(/motorpool_token_requests_total\{status="200"\} (\d+)/.exec(text)?.[1] ?? 0));
  expect(counted[0] + counted[1]).toBe(1);
  await onA.dispose();
});

test('a role change made on A is refused on B at the next request', async () => {
  const admin = await signIn(PORT_A, ADMIN.email, ADMIN.password);
  const email = `cluster-member-${Date.now()}@example.com`;
  const password = 'cluster-member-password';
  const invited = await admin.post('/api/o/fleet/members', { data: { email, role: 'manager' } });
  expect(invited.status(), await invited.text()).toBe(200);
  const { inviteUrl } = (await invited.json()) as { inviteUrl: string };
  const stranger = await requestFactory.newContext({ baseURL: base(PORT_A), extraHTTPHeaders: { Origin: base(PORT_A) } });
  const accepted = await stranger.post('/api/invitations/accept', {
    data: { token: new URL(inviteUrl).pathname.split('/').pop(), password },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  await stranger.dispose();

  const member = await signIn(PORT_B, email, password);
  // A manager may start an eligibility check: an empty body gets past the permission to the validation.
  expect((await member.post('/api/o/fleet/eligibility', { data: {} })).status()).toBe(400);

  const listed = (await (await admin.get('/api/o/fleet/members')).json()) as { members: { email: string; userId?: string; id?: string }[] };
  const entry = listed.members.find((m) => m.email === email)!;
  const changed = await admin.patch(`/api/o/fleet/members/${entry.userId ?? entry.id}`, { data: { role: 'support' } });
  expect(changed.status(), await changed.text()).toBe(200);

  expect((await member.post('/api/o/fleet/eligibility', { data: {} })).status()).toBe(403);
  console.log('cluster: a role change on A was refused on B at the next request');
  await Promise.all([admin.dispose(), member.dispose()]);
});
