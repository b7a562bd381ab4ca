/**
 * The cost of a console API credential against a session: the same route (GET
 * /api/o/{org}/vehicles/tags/seen, which answers from memory, so the request is mostly its
 * authentication) asked with the admin's session cookie and with a bearer credential, on one
 * production build. Goal: the credential check costs no more server CPU per request than the
 * session check. Run on PGlite (both cached in memory until a write that decides them; the
 * credential's bucket in memory) and, when it answers, on PostgreSQL (BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres, on a database of its own made and dropped there),
 * where both ask the database on every request: the session one read, the credential one
 * statement that also takes from its shared bucket.
 */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { hasBuild, startBenchConsole } from './support/console-server';
import { median, quantile } from './support/stats';

const CONCURRENCY = 8;
const REQUESTS_PER_ROUND = 300;
const ROUNDS = 5;
const POSTGRES_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

type Round = { cpuMsPerRequest: number; latencies: number[]; failures: number };

async function round(url: string, headers: Record<string, string>, serverCpuMs: () => number): Promise<Round> {
  const latencies: number[] = [];
  const cpuBefore = serverCpuMs();
  let next = 0;
  let failures = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS_PER_ROUND) {
        next += 1;
        const t = performance.now();
        const response = await fetch(url, { headers });
        await response.arrayBuffer();
        if (!response.ok) failures += 1;
        latencies.push(performance.now() - t);
      }
    }),
  );
  return { cpuMsPerRequest: (serverCpuMs() - cpuBefore) / REQUESTS_PER_ROUND, latencies, failures };
}

async function measure(label: string, env: Record<string, string>): Promise<void> {
  const server = await startBenchConsole({ env: { BACKGROUND_JOBS: 'false', ...env } });
  const { base, cookie, serverCpuMs } = server;
  try {
    const created = await fetch(`${base}/api/o/fleet/api-credentials`, {
      method: 'POST',
      headers: { Cookie: cookie, Origin: base, 'Content-Type': 'application/json' },
      // The bucket holds a minute's worth: enough for every request of the bench.
      body: JSON.stringify({ name: 'bench', scope: 'read', ratePerMinute: 6000 }),
    });
    if (!created.ok) {
      console.log(`api (${label}): creating a credential answered ${created.status}: ${await created.text()}`);
      return;
    }
    const { secret } = (await created.json()) as { secret: string };
    const url = `${base}/api/o/fleet/vehicles/tags/seen`;
    const session = { Cookie: cookie };
    const bearer = { Authorization: `Bearer ${secret}` };
    await round(url, session, serverCpuMs);
    await round(url, bearer, serverCpuMs);
    const results = { session: [] as Round[], bearer: [] as Round[] };
    for (let i = 0; i < ROUNDS; i++) {
      // Alternate the order so drift on a shared machine hits both alike.
      const order = i % 2 === 0 ? (['session', 'bearer'] as const) : (['bearer', 'session'] as const);
      for (const kind of order) results[kind].push(await round(url, kind === 'session' ? session : bearer, serverCpuMs));
    }
    const summary = (rounds: Round[]) => {
      const all = rounds.flatMap((r) => r.latencies);
      return {
        cpu: median(rounds.map((r) => r.cpuMsPerRequest)),
        p50: quantile(all, 0.5),
        p99: quantile(all, 0.99),
        failures: rounds.reduce((n, r) => n + r.failures, 0),
      };
    };
    const line = (name: string, s: ReturnType<typeof summary>) =>
      `${name.padEnd(22)} server CPU ${s.cpu.toFixed(2)} ms/request   p50 ${s.p50.toFixed(2)} ms   p99 ${s.p99.toFixed(2)} ms   failures ${s.failures}`;
    const s = summary(results.session);
    const b = summary(results.bearer);
    console.log(`${label}: ${CONCURRENCY} concurrent clients, ${ROUNDS} rounds of ${REQUESTS_PER_ROUND} requests each (median round)`);
    console.log(line('  session cookie', s));
    console.log(line('  bearer credential', b));
    const ratio = b.cpu / s.cpu;
    console.log(`  bearer / session CPU per request: ${(ratio * 100).toFixed(1)}% (goal <= 100%): ${ratio <= 1 ? 'met' : 'NOT met'}`);
  } finally {
    await server.stop();
  }
}

async function withPostgresDatabase(run: (url: string) => Promise<void>): Promise<void> {
  const admin = postgres(POSTGRES_URL, { max: 1, connect_timeout: 2, onnotice: () => {} });
  const name = `motorpool_bench_api_${randomBytes(4).toString('hex')}`;
  try {
    await admin.unsafe(`create database ${name}`);
  } catch {
    console.log('api (postgres): no PostgreSQL answers; skipped');
    await admin.end({ timeout: 1 });
    return;
  }
  try {
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    await run(url.toString());
  } finally {
    await admin.unsafe(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end({ timeout: 1 });
  }
}

export default async function apiBench(): Promise<void> {
  if (!hasBuild()) {
    console.log('api: no production build; run `npm run build` first');
    return;
  }
  await measure('PGlite', {});
  await withPostgresDatabase((url) => measure('PostgreSQL', { DATABASE_URL: url }));
}
