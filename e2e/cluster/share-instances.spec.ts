import { readFileSync } from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { request as requestFactory, type APIRequestContext } from '@playwright/test';
import { clusterBase as base, until, defineCluster } from '../fixtures/cluster';
import { recordStatusClaims } from '../fixtures/status-claims';
import { signInOverApi } from '../fixtures/console-process';
import { stepUp } from '../fixtures/step-up';
import { expect, test } from '../fixtures/test';

/**
 * Issue 14 (and issue 31's credentials across instances): two production servers from the standalone artifact on one fresh PostgreSQL database
 * and the standalone sandbox behind a recording proxy (e2e/fixtures/cluster.ts), on E2E_PORT+1..+4.
 * Skipped, and counted as skipped, when PostgreSQL at 127.0.0.1:5432 does not answer. Figures are
 * printed as `cluster: …` lines.
 */
test.describe.configure({ mode: 'serial', timeout: 240_000 });

// The sandbox keeps a command pending 5 s: long enough to watch it, and to kill an instance meanwhile.
const cluster = defineCluster({ portOffset: 0, commandDelayMs: 5_000 });
const { portA: PORT_A, portB: PORT_B, databaseUrl: DATABASE_URL, sandbox: SANDBOX, admin: ADMIN, metricsToken: METRICS_TOKEN } = cluster;
const TERMINAL = new Set(['executed', 'failed', 'rejected', 'unknown']);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const tokensIssued = async () => ((await (await fetch(`${SANDBOX}/_admin/stats`)).json()) as { tokensIssued: number }).tokensIssued;

const signIn = (port: number, email: string, password: string) => signInOverApi(base(port), email, password);

const statusCallsSince = (since: number) =>
  cluster.upstreamCalls.filter((call) => call.at >= since && /^GET \/.*command-executions\/[^/]+$/.test(call.line)).map((call) => call.at);

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

type CreatedCredential = { credential: { id: string; name: string; prefix: string }; secret: string };

/** Creates a console API credential through `port` as the signed-in admin of `on` (a dangerous action: it steps up first). */
async function createCredential(
  on: APIRequestContext,
  port: number,
  password: string,
  body: () => Record<string, unknown>,
): Promise<CreatedCredential> {
  await stepUp(on, base(port), 'fleet', password);
  const created = await on.post(`${base(port)}/api/o/fleet/api-credentials`, { data: body() });
  expect(created.status(), await created.text()).toBe(200);
  return (await created.json()) as CreatedCredential;
}

/** A program's request: the bearer and nothing else (no cookie, no Origin). Answers the status and the error code. */
async function asProgram(port: number, secret: string): Promise<[number, string | undefined]> {
  const response = await fetch(`${base(port)}/api/o/fleet/vehicles/tags/seen`, { headers: { authorization: `Bearer ${secret}` } });
  const body = (await response.json()) as { error?: { code: string } };
  return [response.status, body.error?.code];
}

test('issue 31: a credential revoked on A, or whose creator A removed, is refused on B at the next request; an expired one too', async () => {
  const admin = await signIn(PORT_A, ADMIN.email, ADMIN.password);
  const stamp = Date.now();

  // Revoked on A: B, which served it twice just before, refuses the very next request.
  const nightly = await createCredential(admin, PORT_A, ADMIN.password, () => ({ name: `Nightly ${stamp}`, scope: 'read' }));
  expect(await asProgram(PORT_B, nightly.secret)).toEqual([200, undefined]);
  expect(await asProgram(PORT_B, nightly.secret)).toEqual([200, undefined]);
  const revoked = await admin.delete(`${base(PORT_A)}/api/o/fleet/api-credentials/${nightly.credential.id}`);
  expect(revoked.status(), await revoked.text()).toBe(200);
  expect(await asProgram(PORT_B, nightly.secret)).toEqual([401, 'API_CREDENTIAL_REVOKED']);
  expect(await asProgram(PORT_A, nightly.secret)).toEqual([401, 'API_CREDENTIAL_REVOKED']);
  console.log('cluster: a credential revoked on A was refused on B at the next request (401 API_CREDENTIAL_REVOKED)');
  // The audit, read through B, names the revocation: who, which credential, by its name and prefix.
  const audit = await admin.get(`${base(PORT_B)}/api/o/fleet/audit?action=api_credentials.revoked&limit=50`);
  expect(audit.status(), await audit.text()).toBe(200);
  const { events } = (await audit.json()) as {
    events: {
      action: string;
      actorEmail: string | null;
      targetType: string | null;
      targetId: string | null;
      outcome: string;
      details: unknown;
    }[];
  };
  const entries = events.filter((event) => event.targetId === nightly.credential.id);
  expect(entries).toHaveLength(1);
  expect(entries[0]).toMatchObject({
    action: 'api_credentials.revoked',
    actorEmail: ADMIN.email,
    targetType: 'api_credential',
    outcome: 'success',
    details: { name: nightly.credential.name, prefix: nightly.credential.prefix },
  });
  expect(JSON.stringify(events)).not.toContain(nightly.secret.slice(12));

  // Its creator removed from the organization on A: B refuses the credential they left behind.
  const email = `cluster-scripter-${stamp}@example.com`;
  const password = 'cluster-scripter-password';
  const invited = await admin.post(`${base(PORT_A)}/api/o/fleet/members`, { data: { email, role: 'admin' } });
  expect(invited.status(), await invited.text()).toBe(200);
  const { inviteUrl } = (await invited.json()) as { inviteUrl: string };
  const stranger = await requestFactory.newContext({ baseURL: base(PORT_A), extraHTTPHeaders: { Origin: base(PORT_A) } });
  const accepted = await stranger.post('/api/invitations/accept', {
    data: { token: new URL(inviteUrl).pathname.split('/').pop(), password },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  await stranger.dispose();
  const scripter = await signIn(PORT_A, email, password);
  const tagger = await createCredential(scripter, PORT_A, password, () => ({ name: `Tagger ${stamp}`, scope: 'read' }));
  await scripter.dispose();
  expect(await asProgram(PORT_B, tagger.secret)).toEqual([200, undefined]);
  const listed = (await (await admin.get(`${base(PORT_A)}/api/o/fleet/members`)).json()) as {
    members: { email: string; userId?: string; id?: string }[];
  };
  const entry = listed.members.find((m) => m.email === email)!;
  await stepUp(admin, base(PORT_A), 'fleet', ADMIN.password);
  const removed = await admin.delete(`${base(PORT_A)}/api/o/fleet/members/${entry.userId ?? entry.id}`);
  expect(removed.status(), await removed.text()).toBe(200);
  expect(await asProgram(PORT_B, tagger.secret)).toEqual([401, 'API_CREDENTIAL_INVALID']);
  console.log('cluster: a credential whose creator was removed on A was refused on B at the next request (401 API_CREDENTIAL_INVALID)');

  // Expired: served on B until its expiry passes, then refused with its own code.
  const expiring = await createCredential(admin, PORT_A, ADMIN.password, () => ({
    name: `Expiring ${stamp}`,
    scope: 'read',
    // Taken after the step-up, which can take seconds on a loaded machine.
    expiresAt: new Date(Date.now() + 8_000).toISOString(),
  }));
  expect(await asProgram(PORT_B, expiring.secret)).toEqual([200, undefined]);
  await expect.poll(async () => (await asProgram(PORT_B, expiring.secret))[0], { timeout: 30_000 }).toBe(401);
  expect(await asProgram(PORT_B, expiring.secret)).toEqual([401, 'API_CREDENTIAL_EXPIRED']);
  console.log('cluster: a credential created on A with an expiry was served on B until then, refused after (401 API_CREDENTIAL_EXPIRED)');
  await admin.dispose();
});

async function sendCommand(on: APIRequestContext, command: string): Promise<string> {
  const sent = await on.post(`/api/o/fleet/vehicles/${cluster.vehicleId}/commands`, { data: { command } });
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

    process.kill(-cluster.instanceA.child.pid!, 'SIGKILL');
    await new Promise((resolve) => cluster.instanceA.child.once('exit', resolve));
    const killedAt = performance.now();

    // Nobody watches it: B's background settler alone asks the upstream and records the outcome.
    const settled = await until(
      'B settling the command A sent',
      async () => {
        const current = await row();
        return current.status && current.status !== 'PENDING' ? current : undefined;
      },
      cluster.instanceB,
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
