/**
 * Several instances on one PostgreSQL (issue 14): the standalone artifact started once, then a
 * second time on the same database, both against one in-process sandbox that records every
 * upstream request. Prints, on one instance and on two: upstream status calls per second per
 * execution while 50 viewers (split over the instances) watch it on the browser's schedule,
 * token requests, and p50/p99 of GET /api/o/{org}/vehicles. On this 2-core machine the second
 * instance adds no CPU, so latency is not expected to improve: the point is that upstream calls
 * stay flat as instances grow. Skipped with a message when PostgreSQL does not answer
 * (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres).
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
      }),
    });
    children.push(child);
    await waitFor(`${base}/api/ready`, child, 120_000);
    return { base, child, cookie: await signIn(base, BENCH_ADMIN.email, BENCH_ADMIN.password) };
  };

  try {
    const a = await start();
    const one = { reads: await reads([a]), watch: await watch([a], vehicleId, statusCalls), tokens: await tokensIssued() };
    const b = await start();
    const two = { reads: await reads([a, b]), watch: await watch([a, b], vehicleId, statusCalls), tokens: await tokensIssued() };

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
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((child) => (child.exitCode === null ? new Promise((r) => child.once('exit', r)) : undefined)));
    await upstream.close();
    await admin.unsafe(`drop database if exists "${dbName}" with (force)`);
    await admin.end({ timeout: 2 });
  }
}
