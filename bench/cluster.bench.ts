/**
 * Several instances on one PostgreSQL (issue 14): the standalone artifact started once, then a
 * second time on the same database, both against one in-process sandbox that records every
 * upstream request. Prints, on one instance and on two: upstream status calls per second per
 * execution while 50 viewers (split over the instances) watch it on the browser's schedule,
 * token requests, and p50/p99 of GET /api/o/{org}/vehicles. On this 2-core machine the second
 * instance adds no CPU, so latency is not expected to improve: the point is that upstream calls
 * stay flat as instances grow. Skipped with a message when PostgreSQL does not answer
 * (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres).
 *
 * Then (issue 28, shared reads): ten viewers of one vehicle's telemetry page with auto-refresh on
 * (a read when the page opens, then one every 30 s), for BENCH_CLUSTER_VIEW_MS (default a
 * minute), spread over one instance, then over two: the upstream telemetry calls. The same
 * schedule (seeded) every time; a third run over two instances sends every read forced
 * (`Cache-Control: no-cache`, a person's Refresh), which only the process-local coalescing
 * joins: what two instances cost before reads were shared.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { pollDelayMs } from '@/lib/commands/poll-schedule';
import { BENCH_ADMIN, benchConsoleEnv, freePort, serveRecordingSandbox, signIn, waitFor } from './support/console-server';
import { median, quantile } from './support/stats';

const STANDALONE_SERVER = path.join('.next', 'standalone', 'server.js');
const VIEWERS = 50;
const EXECUTIONS = 3;
const COMMAND_DELAY_MS = 3_000;
const CONCURRENCY = 8;
const READS = 400;
const TERMINAL = new Set(['executed', 'failed', 'rejected', 'unknown']);
const TELEMETRY_VIEWERS = 10;
/** The telemetry page's auto-refresh (components/vehicle-data/telemetry-view.tsx, AUTO_REFRESH_MS). */
const TELEMETRY_REFRESH_MS = 30_000;
const VIEW_MS = Number(process.env.BENCH_CLUSTER_VIEW_MS ?? 60_000);
/** The instances' freshness window of a shared read (VEHICLE_SHARED_READ_MS, its default). */
const SHARED_READ_MS = 10_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Instance = { base: string; cookie: string; child: ChildProcess };

/**
 * Claims for one execution are stamped a second apart; the calls behind them reach the upstream
 * a little later, by a delay that varies with load, so these gaps are figures to watch, not a test.
 */
const gapFigure = (ms: number) => (Number.isFinite(ms) ? `${ms.toFixed(0)} ms` : 'n/a');

async function reads(instances: Instance[]): Promise<{ p50: number; p99: number; failures: number }> {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, client) => {
      while (next < READS) {
        const { base, cookie } = instances[next % instances.length];
        next += 1;
        const started = performance.now();
        // Each client its own page size: no two requests in flight are identical, none coalesced.
        const response = await fetch(`${base}/api/o/fleet/vehicles?pageSize=${13 + client}`, { headers: { Cookie: cookie } });
        await response.arrayBuffer();
        if (!response.ok) failures += 1;
        latencies.push(performance.now() - started);
      }
    }),
  );
  return { p50: median(latencies), p99: quantile(latencies, 0.99), failures };
}

/** Viewers split over the instances watch each execution until it ends; upstream status calls per second per execution. */
async function watch(instances: Instance[], vehicleId: string, statusCalls: (since: number) => number[]) {
  let calls = 0;
  let seconds = 0;
  let worst = 0;
  const gaps: number[] = [];
  for (let i = 0; i < EXECUTIONS; i += 1) {
    const { base, cookie } = instances[0];
    const sent = await fetch(`${base}/api/o/fleet/vehicles/${vehicleId}/commands`, {
      method: 'POST',
      headers: { Cookie: cookie, Origin: base, 'Content-Type': 'application/json' },
      body: JSON.stringify({ command: 'FLASH_LIGHTS' }),
    });
    if (!sent.ok) throw new Error(`sending a command answered ${sent.status}: ${await sent.text()}`);
    const { execution } = (await sent.json()) as { execution: { id: string } };
    const started = performance.now();
    await Promise.all(
      Array.from({ length: VIEWERS }, async (_, viewer) => {
        const { base: viewerBase, cookie: viewerCookie } = instances[viewer % instances.length];
        await sleep(Math.random() * 1000);
        for (;;) {
          const response = await fetch(`${viewerBase}/api/o/fleet/commands/${execution.id}`, { headers: { Cookie: viewerCookie } });
          const { execution: view } = (await response.json()) as { execution: { state: string } };
          if (TERMINAL.has(view.state)) return;
          await sleep(pollDelayMs(performance.now() - started));
        }
      }),
    );
    const times = statusCalls(started);
    const elapsed = (performance.now() - started) / 1000;
    calls += times.length;
    seconds += elapsed;
    const buckets = new Map<number, number>();
    for (const at of times) buckets.set(Math.floor((at - started) / 1000), (buckets.get(Math.floor((at - started) / 1000)) ?? 0) + 1);
    worst = Math.max(worst, ...buckets.values());
    gaps.push(...times.slice(1).map((at, j) => at - times[j]));
  }
  return { perSecond: calls / seconds, calls, seconds, worst, gaps };
}

/** A small seeded generator (mulberry32): every run and setting gets the same viewer schedule. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Ten viewers of one vehicle's telemetry, viewer i on instance i mod n: each opens the page at its
 * own moment within the first refresh period (one read), then reads every 30 s until VIEW_MS is
 * over. Returns the viewers' reads and the upstream telemetry calls of that vehicle meanwhile.
 */
async function viewTelemetry(instances: Instance[], vehicleId: string, telemetryCalls: (since: number) => number[], forced: boolean) {
  const random = seeded(28);
  const opens = Array.from({ length: TELEMETRY_VIEWERS }, () => random() * Math.min(TELEMETRY_REFRESH_MS, VIEW_MS));
  const started = performance.now();
  let reads = 0;
  let failures = 0;
  await Promise.all(
    opens.map(async (open, viewer) => {
      const { base, cookie } = instances[viewer % instances.length];
      for (let at = open; at < VIEW_MS; at += TELEMETRY_REFRESH_MS) {
        await sleep(started + at - performance.now());
        const response = await fetch(`${base}/api/o/fleet/vehicles/${vehicleId}/telemetry`, {
          headers: { Cookie: cookie, ...(forced ? { 'Cache-Control': 'no-cache' } : {}) },
        });
        await response.arrayBuffer();
        reads += 1;
        if (!response.ok) failures += 1;
      }
    }),
  );
  const upstreamCalls = telemetryCalls(started).length;
  // The last stored read outlives the run by its window: the next setting starts without it.
  await sleep(SHARED_READ_MS + 1_000);
  return { reads, failures, upstreamCalls };
}

export default async function clusterBench(): Promise<void> {
  if (!existsSync(STANDALONE_SERVER)) {
    console.log('cluster: no standalone build; run `npm run build` first');
    return;
  }
  const adminUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = postgres(adminUrl, { max: 1, connect_timeout: 2, onnotice: () => {} });
  if (
    !(await admin`select 1`.then(
      () => true,
      () => false,
    ))
  ) {
    console.log(`cluster: skipped, PostgreSQL does not answer at ${new URL(adminUrl).host}`);
    await admin.end({ timeout: 1 });
    return;
  }
  const dbName = `${process.env.TEST_DATABASE_PREFIX ?? 'motorpool'}_bench_cluster_${randomBytes(4).toString('hex')}`;
  const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
  await admin.unsafe(`create database "${dbName}"`);

  const upstream = await serveRecordingSandbox({ commandDelayMs: COMMAND_DELAY_MS });
  const statusCalls = (since: number) => upstream.calls(/^GET .*\/command-executions\/[^/]+$/, since);
  const tokensIssued = async () => ((await (await fetch(`${upstream.url}/_admin/stats`)).json()) as { tokensIssued: number }).tokensIssued;
  const vehicleId = upstream.sandbox.fixtures(upstream.sandbox.organizations[0].id).onlineListeningVehicleId;
  const viewedVehicleId = upstream.sandbox.fixtures(upstream.sandbox.organizations[0].id).noSpecificationsVehicleId;
  const telemetryCalls = (since: number) => upstream.calls(new RegExp(`^GET .*/vehicles/${viewedVehicleId}/telemetry$`), since);
  // One secret for both instances: a session signed by one is read by the other.
  const authSecret = randomBytes(32).toString('base64url');
  const children: ChildProcess[] = [];

  const start = async (): Promise<Instance> => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, [STANDALONE_SERVER], {
      stdio: 'ignore',
      env: benchConsoleEnv(base, upstream, {
        HOSTNAME: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        AUTH_SECRET: authSecret,
        LOG_LEVEL: 'warn',
        VEHICLE_SHARED_READ_MS: String(SHARED_READ_MS),
      }),
    });
    children.push(child);
    await waitFor(`${base}/api/ready`, child, 120_000);
    return { base, child, cookie: await signIn(base, BENCH_ADMIN.email, BENCH_ADMIN.password) };
  };

  try {
    const a = await start();
    // One read first: it keeps the vehicle's fleet snapshot fresh, so the snapshot job does not read it meanwhile.
    await fetch(`${a.base}/api/o/fleet/vehicles/${viewedVehicleId}/telemetry`, { headers: { Cookie: a.cookie } });
    await sleep(SHARED_READ_MS + 1_000);
    const one = { reads: await reads([a]), watch: await watch([a], vehicleId, statusCalls), tokens: await tokensIssued() };
    const oneViewing = await viewTelemetry([a], viewedVehicleId, telemetryCalls, false);
    const b = await start();
    const two = { reads: await reads([a, b]), watch: await watch([a, b], vehicleId, statusCalls), tokens: await tokensIssued() };
    const twoViewing = await viewTelemetry([a, b], viewedVehicleId, telemetryCalls, false);
    const twoForced = await viewTelemetry([a, b], viewedVehicleId, telemetryCalls, true);

    console.log(
      `${VIEWERS} viewers per execution (browser schedule), ${EXECUTIONS} executions per setting, status changes ${COMMAND_DELAY_MS} ms after sending; ${READS} vehicle list reads, ${CONCURRENCY} at once`,
    );
    for (const [label, result] of [
      ['one instance ', one],
      ['two instances', two],
    ] as const) {
      console.log(
        `${label}: upstream status calls ${result.watch.perSecond.toFixed(2)} per second per execution (${result.watch.calls} in ${result.watch.seconds.toFixed(1)} s, most in one second: ${result.watch.worst}; ` +
          `gaps between calls at the upstream: shortest ${gapFigure(Math.min(...result.watch.gaps))}, median ${gapFigure(median(result.watch.gaps))}); ` +
          `token requests so far: ${result.tokens}; GET /api/o/fleet/vehicles p50 ${result.reads.p50.toFixed(1)} ms, p99 ${result.reads.p99.toFixed(1)} ms` +
          (result.reads.failures ? ` (${result.reads.failures} failed)` : ''),
      );
    }
    console.log(
      `${TELEMETRY_VIEWERS} viewers of one vehicle's telemetry (auto-refresh every ${TELEMETRY_REFRESH_MS / 1000} s) for ${(VIEW_MS / 1000).toFixed(0)} s (BENCH_CLUSTER_VIEW_MS), shared reads within ${SHARED_READ_MS / 1000} s (VEHICLE_SHARED_READ_MS):`,
    );
    for (const [label, result] of [
      ['one instance                      ', oneViewing],
      ['two instances                     ', twoViewing],
      ['two instances, every read forced  ', twoForced],
    ] as const) {
      console.log(
        `${label}: upstream telemetry calls ${result.upstreamCalls} for ${result.reads} reads` +
          (result.failures ? ` (${result.failures} failed)` : ''),
      );
    }
    const goal = twoViewing.upstreamCalls <= oneViewing.upstreamCalls ? 'met' : 'NOT met';
    console.log(`goal (two instances make what one instance alone makes): ${goal}`);
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((child) => (child.exitCode === null ? new Promise((r) => child.once('exit', r)) : undefined)));
    await upstream.close();
    await admin.unsafe(`drop database if exists "${dbName}" with (force)`);
    await admin.end({ timeout: 2 });
  }
}
