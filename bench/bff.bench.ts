/**
 * The cost of the BFF wrapper: GET /api/o/{org}/vehicles (session, membership, permission,
 * validation, the typed client) against a bare route handler doing the same upstream read
 * (/api/bench/bare-vehicles), both served by the same production build, both reading the
 * standalone sandbox over loopback HTTP. Target: the wrapper keeps >= 90% of the bare throughput.
 */
import { hasBuild, median, quantile, startBenchConsole } from './support/console-server';

const CONCURRENCY = 8;
const REQUESTS_PER_ROUND = 600;
const ROUNDS = 3;

type Round = { throughput: number; latencies: number[]; failures: number };

async function round(url: string, cookie: string | undefined): Promise<Round> {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS_PER_ROUND) {
        next += 1;
        const t = performance.now();
        const response = await fetch(url, { headers: cookie ? { Cookie: cookie } : {} });
        await response.arrayBuffer();
        if (!response.ok) failures += 1;
        latencies.push(performance.now() - t);
      }
    }),
  );
  return { throughput: (REQUESTS_PER_ROUND / (performance.now() - started)) * 1000, latencies, failures };
}

export default async function bffBench(): Promise<void> {
  if (!hasBuild()) {
    console.log('bff: no production build; run `npm run build` first');
    return;
  }
  const server = await startBenchConsole({ env: { BENCH_ROUTES: 'true' } });
  const { base, cookie } = server;
  try {
    const wrapped = `${base}/api/o/fleet/vehicles?maxPageSize=20`;
    const bare = `${base}/api/bench/bare-vehicles?org=fleet`;
    const probe = await fetch(wrapped, { headers: { Cookie: cookie } });
    if (!probe.ok) {
      console.log(`bff: ${wrapped} answered ${probe.status}; nothing to compare`);
      return;
    }
    for (let i = 0; i < 2; i++) {
      await round(wrapped, cookie);
      await round(bare, undefined);
    }
    const results = { wrapped: [] as Round[], bare: [] as Round[] };
    for (let i = 0; i < ROUNDS; i++) {
      // Alternate the order so drift on a shared machine hits both alike.
      if (i % 2 === 0) {
        results.wrapped.push(await round(wrapped, cookie));
        results.bare.push(await round(bare, undefined));
      } else {
        results.bare.push(await round(bare, undefined));
        results.wrapped.push(await round(wrapped, cookie));
      }
    }
    const summary = (rounds: Round[]) => {
      const all = rounds.flatMap((r) => r.latencies);
      return {
        throughput: median(rounds.map((r) => r.throughput)),
        p50: quantile(all, 0.5),
        p99: quantile(all, 0.99),
        failures: rounds.reduce((n, r) => n + r.failures, 0),
      };
    };
    const w = summary(results.wrapped);
    const b = summary(results.bare);
    const line = (name: string, s: ReturnType<typeof summary>) =>
      `${name.padEnd(34)} ${s.throughput.toFixed(0).padStart(5)} req/s   p50 ${s.p50.toFixed(2)} ms   p99 ${s.p99.toFixed(2)} ms   failures ${s.failures}`;
    console.log(`${CONCURRENCY} concurrent clients, ${ROUNDS} rounds of ${REQUESTS_PER_ROUND} requests each (median round)`);
    console.log(line('wrapped GET /api/o/fleet/vehicles', w));
    console.log(line('bare route, same upstream read', b));
    const ratio = w.throughput / b.throughput;
    console.log(`wrapper keeps ${(ratio * 100).toFixed(1)}% of the bare throughput (target >= 90%): ${ratio >= 0.9 ? 'met' : 'NOT met'}`);
  } finally {
    await server.stop();
  }
}
