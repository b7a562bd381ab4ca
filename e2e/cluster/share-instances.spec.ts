import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import path from 'node:path';
import postgres from 'postgres';
import { request as requestFactory, type APIRequestContext } from '@playwright/test';
import { recordStatusClaims } from '../fixtures/status-claims';
import { signInOverApi } from '../fixtures/console-process';
import { stepUp } from '../fixtures/step-up';
import { expect, test } from '../fixtures/test';

/**
 * Issue 14: two production servers, each started from the standalone artifact
 * (`node .next/standalone/server.js`, made by `npm run build`), on two ports against one fresh
 * PostgreSQL database and the standalone sandbox (`npm run sandbox`). The instances reach the
 * sandbox through a recording proxy in this process, so every upstream call is counted. Skipped,
 * and counted as skipped, when PostgreSQL at 127.0.0.1:5432 does not answer. Figures are printed
 * as `cluster: …` lines.
 */
const PORT_A = Number(process.env.E2E_CLUSTER_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 1);
const PORT_B = PORT_A + 1;
const SANDBOX_PORT = PORT_A + 2;
const UPSTREAM_PORT = PORT_A + 3;
/** How long the sandbox keeps a command pending: long enough to watch it, and to kill an instance meanwhile. */
const COMMAND_DELAY_MS = 5_000;
const STANDALONE_SERVER = path.join('.next', 'standalone', 'server.js');
const ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = `${process.env.TEST_DATABASE_PREFIX ?? 'motorpool'}_cluster_${PORT_A}_${randomBytes(4).toString('hex')}`;
const DATABASE_URL = (() => {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DB_NAME}`;
  return url.toString();
})();
const METRICS_TOKEN = 'cluster-metrics-token-0123456789';
const ADMIN = { email: 'cluster-admin@example.com', password: 'cluster-password-123' };
const SANDBOX = `http://127.0.0.1:${SANDBOX_PORT}`;
const base = (port: number) => `http://127.0.0.1:${port}`;
const TERMINAL = new Set(['executed', 'failed', 'rejected', 'unknown']);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

const signIn = (port: number, email: string, password: string) => signInOverApi(base(port), email, password);

/** Every request an instance made to the upstream: when it reached the proxy, and `METHOD /path`. */
const upstreamCalls: { at: number; line: string }[] = [];
const statusCallsSince = (since: number) =>
  upstreamCalls.filter((call) => call.at >= since && /^GET \/.*command-executions\/[^/]+$/.test(call.line)).map((call) => call.at);

/** Forwards to the sandbox and records each call (the sandbox itself counts only tokens). */
function recordingProxy(): Promise<Server> {
  const server = createServer((incoming, outgoing) => {
    upstreamCalls.push({ at: performance.now(), line: `${incoming.method} ${(incoming.url ?? '').split('?')[0]}` });
    const forwarded = httpRequest(
      { host: '127.0.0.1', port: SANDBOX_PORT, method: incoming.method, path: incoming.url, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(forwarded);
  });
  return new Promise((resolve) => server.listen(UPSTREAM_PORT, '127.0.0.1', () => resolve(server)));
}

let available = false;
let sql: postgres.Sql | undefined;
let proxy: Server | undefined;
let instanceA: Proc;
let instanceB: Proc;
/** The sandbox's vehicle that is online and answers commands. */
let vehicleId: string;

test.beforeAll(async () => {
  sql = postgres(ADMIN_URL, { max: 1, connect_timeout: 2, onnotice: () => {} });
  available = await sql`select 1`.then(
    () => true,
    () => false,
  );
  test.skip(!available, 'PostgreSQL at 127.0.0.1:5432 does not answer');
  expect(existsSync(STANDALONE_SERVER), `${STANDALONE_SERVER} is missing: run \`npm run build\``).toBe(true);
  expect(
    existsSync(path.join('.next', 'standalone', '.next', 'static')),
    'the standalone artifact lacks its static files: run `npm run build`',
  ).toBe(true);
  // A server left on one of these ports would answer for an instance that failed to start.
  for (const port of [PORT_A, PORT_B, SANDBOX_PORT, UPSTREAM_PORT]) {
    const answered = await fetch(`http://127.0.0.1:${port}/`).then(
      () => true,
      () => false,
    );
    expect(answered, `port ${port} is already in use`).toBe(false);
  }
  await sql.unsafe(`create database "${DB_NAME}"`);

  const sandbox = run(path.join('node_modules', '.bin', 'tsx'), ['--conditions=react-server', 'scripts/sandbox.ts'], {
    SANDBOX_PORT: String(SANDBOX_PORT),
    SANDBOX_COMMAND_DELAY_MS: String(COMMAND_DELAY_MS),
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
  const organizations = (await (await fetch(`${SANDBOX}/_admin/organizations`)).json()) as {
    organizations: { clientId: string; fixtures: { onlineListeningVehicleId: string } }[];
  };
  vehicleId = organizations.organizations.find((o) => o.clientId === credentials.id)!.fixtures.onlineListeningVehicleId;
  proxy = await recordingProxy();

  // Both instances start at the same moment on the empty database, from the standalone artifact.
  const authSecret = randomBytes(32).toString('base64url');
  const instance = (port: number) =>
    run(process.execPath, [STANDALONE_SERVER], {
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      NEXT_MANUAL_SIG_HANDLE: 'true',
      PORT: String(port),
      // server.js binds HOSTNAME, which shells often set to the machine's name.
      HOSTNAME: '127.0.0.1',
      APP_URL: base(port),
      NEXTAUTH_URL: base(port),
      DATABASE_URL,
      AUTH_SECRET: authSecret,
      VEHICLE_API_BASE_URL: `http://127.0.0.1:${UPSTREAM_PORT}`,
      VEHICLE_API_CLIENT_ID: credentials.id,
      VEHICLE_API_CLIENT_SECRET: credentials.secret,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      METRICS_TOKEN,
      LOG_LEVEL: 'warn',
    });
  [instanceA, instanceB] = [instance(PORT_A), instance(PORT_B)];
  await Promise.all([until('instance A ready', ready(PORT_A), instanceA), until('instance B ready', ready(PORT_B), instanceB)]);
});

test.afterAll(async () => {
  for (const proc of procs) {
    if (!proc.child.pid || proc.child.exitCode !== null || proc.child.signalCode !== null) continue;
    try {
      process.kill(-proc.child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  proxy?.closeAllConnections();
  await new Promise((resolve) => (proxy ? proxy.close(resolve) : resolve(undefined)));
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

test('the instances are the standalone artifact, serving its static files', async () => {
  for (const port of [PORT_A, PORT_B]) {
    const html = await (await fetch(`${base(port)}/sign-in`)).text();
    const asset = /\/_next\/static\/[^"']+\.(?:js|css)/.exec(html)?.[0];
    expect(asset, 'the sign-in page names a static asset').toBeDefined();
    expect((await fetch(`${base(port)}${asset}`)).status).toBe(200);
    expect((await fetch(`${base(port)}/robots.txt`)).status).toBe(200);
  }
  console.log('cluster: both instances run node .next/standalone/server.js and serve .next/static and public');
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

test('a role change or a removal made on A is refused on B at the next request', async () => {
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
  await stepUp(admin, base(PORT_A), 'fleet', ADMIN.password);
  const changed = await admin.patch(`/api/o/fleet/members/${entry.userId ?? entry.id}`, { data: { role: 'support' } });
  expect(changed.status(), await changed.text()).toBe(200);

  expect((await member.post('/api/o/fleet/eligibility', { data: {} })).status()).toBe(403);
  console.log('cluster: a role change on A was refused on B at the next request');

  // Still a member (support reads vehicles) until A removes them; then B no longer shows the organization.
  expect((await member.get('/api/o/fleet/vehicles?pageSize=3')).status()).toBe(200);
  const removed = await admin.delete(`/api/o/fleet/members/${entry.userId ?? entry.id}`);
  expect(removed.status(), await removed.text()).toBe(200);
  expect((await member.get('/api/o/fleet/vehicles?pageSize=3')).status()).toBe(404);
  console.log('cluster: a removal on A was refused on B at the next request');
  await Promise.all([admin.dispose(), member.dispose()]);
});

async function sendCommand(on: APIRequestContext, command: string): Promise<string> {
  const sent = await on.post(`/api/o/fleet/vehicles/${vehicleId}/commands`, { data: { command } });
  expect(sent.ok(), await sent.text()).toBe(true);
  return ((await sent.json()) as { execution: { id: string } }).execution.id;
}

test('however many watch one execution on both instances, the upstream is asked about it at most once a second', async () => {
  const WATCHERS_PER_INSTANCE = 10;
  const db = postgres(DATABASE_URL, { max: 1, onnotice: () => {} });
  await recordStatusClaims(db);
  const onA = await signIn(PORT_A, ADMIN.email, ADMIN.password);
  const onB = await signIn(PORT_B, ADMIN.email, ADMIN.password);
  const executionId = await sendCommand(onA, 'FLASH_LIGHTS');
  const started = performance.now();
  let polls = 0;
  const states = await Promise.all(
    [onA, onB].flatMap((context) =>
      Array.from({ length: WATCHERS_PER_INSTANCE }, async () => {
        // Each watcher polls every 100-200 ms, twenty times as often as a browser's schedule at its fastest.
        for (;;) {
          const response = await context.get(`/api/o/fleet/commands/${executionId}`);
          expect(response.status()).toBe(200);
          polls += 1;
          const { execution } = (await response.json()) as { execution: { state: string } };
          if (TERMINAL.has(execution.state) || performance.now() - started > 60_000) return execution.state;
          await sleep(100 + Math.random() * 100);
        }
      }),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  expect(new Set(states).size, states.join(', ')).toBe(1);
  expect(TERMINAL.has(states[0])).toBe(true);

  const calls = statusCallsSince(started);
  // The stamps the instances wrote, in the order the claims were taken: the gaps are the servers'
  // own arithmetic, so they hold on a loaded machine too (the gaps between arrivals at the proxy,
  // which vary with load, are `npm run bench cluster`'s figures).
  const claims = await db<{ gapMs: number | null }[]>`
    select (extract(epoch from stamped - lag(stamped) over (order by seq)) * 1000)::float8 as "gapMs"
    from test_status_claims where execution_id = ${executionId} order by seq`;
  await db.end({ timeout: 2 });
  const claimGaps = claims.flatMap((claim) => (claim.gapMs === null ? [] : [Math.round(claim.gapMs)]));
  console.log(
    `cluster: ${WATCHERS_PER_INSTANCE * 2} watchers on two instances made ${polls} polls of one execution in ${seconds.toFixed(1)} s; ` +
      `upstream status calls for it: ${calls.length} (${(calls.length / seconds).toFixed(2)} per second), claims: ${claims.length} ` +
      `(gaps between stamps: ${claimGaps.join(', ')} ms)`,
  );
  expect(calls.length).toBeGreaterThan(0);
  // At most one call a second on average over the window, and each call behind a claim of its own
  // (watchers let through together would make more calls than claims).
  expect(calls.length).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
  expect(calls.length).toBeLessThanOrEqual(claims.length);
  // Every claim, the background settler's too, is stamped with the time it is taken and refused
  // unless the last stamp is a second old: never two claims for one second.
  for (const gap of claimGaps) expect(gap).toBeGreaterThanOrEqual(1_000);
  await Promise.all([onA.dispose(), onB.dispose()]);
});

test('both instances queue every background tick, and one tick a second runs across them (pg-boss)', async () => {
  const db = postgres(DATABASE_URL, { max: 1, onnotice: () => {} });
  try {
    const WINDOW_S = 10;
    // Ticks queued in a window, live and archived: each instance's timer sends one a second per job.
    const ticks = async () =>
      await db<{ name: string; ticks: number; slots: number }[]>`
        select name, count(*)::int as ticks, count(distinct singleton_on)::int as slots
        from (select name, singleton_on, created_on from pgboss.job union all select name, singleton_on, created_on from pgboss.archive) j
        where name in ('commands.settle', 'bulk.run') and created_on > now() - make_interval(secs => ${WINDOW_S})
        group by name order by name`;
    await sleep(WINDOW_S * 1000);
    const rows = await ticks();
    console.log(`cluster: background ticks in ${WINDOW_S} s on two instances: ${rows.map((r) => `${r.name} ${r.ticks}`).join(', ')}`);
    expect(rows.map((r) => r.name)).toEqual(['bulk.run', 'commands.settle']);
    for (const row of rows) {
      // Two instances each sending a tick a second would make twice as many without the period's key.
      expect(row.ticks).toBe(row.slots);
      expect(row.ticks).toBeGreaterThanOrEqual(WINDOW_S - 2);
      expect(row.ticks).toBeLessThanOrEqual(WINDOW_S + 1);
    }
  } finally {
    await db.end({ timeout: 2 });
  }
});

test('instance A killed with SIGKILL while a command is in flight: B settles that command', async () => {
  const onA = await signIn(PORT_A, ADMIN.email, ADMIN.password);
  const executionId = await sendCommand(onA, 'LOCK_DOORS');
  await onA.dispose();
  const db = postgres(DATABASE_URL, { max: 1, onnotice: () => {} });
  try {
    const row = async () =>
      (
        await db<{ status: string | null; localStatus: string }[]>`
        select status, local_status as "localStatus" from command_executions where id = ${executionId}`
      )[0];
    const atKill = await row();
    expect(atKill).toEqual({ status: 'PENDING', localStatus: 'SENT' });

    process.kill(-instanceA.child.pid!, 'SIGKILL');
    await new Promise((resolve) => instanceA.child.once('exit', resolve));
    const killedAt = performance.now();

    // Nobody watches it: B's background settler alone asks the upstream and records the outcome.
    const settled = await until(
      'B settling the command A sent',
      async () => {
        const current = await row();
        return current.status && current.status !== 'PENDING' ? current : undefined;
      },
      instanceB,
      60_000,
    );
    const after = ((performance.now() - killedAt) / 1000).toFixed(1);
    console.log(`cluster: A killed with SIGKILL while ${executionId} was pending; B settled it as ${settled.status} ${after} s later`);
    expect(['EXECUTED', 'FAILED']).toContain(settled.status);
    expect(statusCallsSince(killedAt).length).toBeGreaterThan(0);

    const onB = await signIn(PORT_B, ADMIN.email, ADMIN.password);
    const view = (await (await onB.get(`/api/o/fleet/commands/${executionId}`)).json()) as { execution: { state: string } };
    expect(view.execution.state).toBe(settled.status!.toLowerCase());
    await onB.dispose();
  } finally {
    await db.end({ timeout: 2 });
  }
});
