/**
 * Fleet snapshot figures on a 10,000-vehicle in-process sandbox (BENCH_SNAPSHOT_VEHICLES):
 * (1) the first pass over a fresh database: time and upstream calls by kind; (2) the steady state:
 * the job's one-minute ticks on a simulated clock for BENCH_SNAPSHOT_HOURS (default 1), upstream
 * calls per hour against the formula vehicles × 60 / interval, for the default budget share (the
 * sandbox's 200 reads a day at 25% make the interval 28.8 min, not 15) and for a share at which
 * SNAPSHOT_INTERVAL_MINUTES itself binds; (3) the vehicles list filtered by snapshot fields: the
 * server time of a page (snapshot query + one upstream list call + count) at p50 and p99.
 */
import { createTestDatabase, type TestDatabase } from '@/lib/db/testing.test-support';
import { createOrganization } from '@/lib/db/repos/organizations';
import { pageSnapshotVehicles } from '@/lib/vehicles/server/list-snapshot-vehicles';
import { refreshSnapshots, vehicleIntervalMs, type SnapshotPolicy } from '@/lib/snapshot/server/refresh-snapshots';
import { createSandbox } from '@/lib/sandbox';
import { RATE_LIMITS } from '@/lib/sandbox/sim';
import type { VehicleApi } from '@/lib/vehicle-api';
import { vehicleListQuerySchema } from '@/lib/vehicles/schemas';
import { sandboxApi } from './support/sandbox-api';
import { quantile } from './support/stats';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const VEHICLES = Number(process.env.BENCH_SNAPSHOT_VEHICLES ?? 10_000);
const HOURS = Number(process.env.BENCH_SNAPSHOT_HOURS ?? 1);
const LIST_RUNS = 50;
const BASE_POLICY: SnapshotPolicy = { intervalMs: 15 * MINUTE_MS, budgetShare: 0.25, budgetTtlMs: DAY_MS, concurrency: 8 };

interface Fleet {
  database: TestDatabase;
  api: VehicleApi;
  organizationId: string;
}

async function openFleet(vehicles: number): Promise<Fleet> {
  const database = await createTestDatabase('pglite');
  const api = sandboxApi(createSandbox({ seed: 42, vehiclesPerOrg: vehicles }), { coalesceReads: false });
  const org = await createOrganization(database.db, { slug: 'bench', name: 'Bench', apiBaseUrl: null, clientId: 'c', clientSecret: 's' });
  return { database, api, organizationId: org.id };
}

const calls = (c: { list: number; rateLimits: number; telemetry: number }) =>
  `${c.list} list, ${c.rateLimits} rate-limits, ${c.telemetry} telemetry`;

const START = Date.UTC(2026, 0, 5, 8);

async function firstPass(fleet: Fleet, policy: SnapshotPolicy, label: string) {
  const api = async (id: string) => (id === fleet.organizationId ? fleet.api : undefined);
  const started = performance.now();
  const first = await refreshSnapshots(fleet.database.db, api, () => new Date(START), policy);
  const firstMs = performance.now() - started;
  console.log(
    `${label}: first pass over ${VEHICLES} vehicles: ${(firstMs / 1000).toFixed(1)} s wall (${first.listed} listed, ${first.read} read, ${first.failed} failed; calls: ${calls(first.calls)})`,
  );
  return first;
}

/** After the first pass at START, one-minute ticks for HOURS (the job's own tick); calls counted after the first pass. */
async function steadyState(fleet: Fleet, policy: SnapshotPolicy, label: string, first: Awaited<ReturnType<typeof firstPass>>) {
  let clock = START;
  const now = () => new Date(clock);
  const api = async (id: string) => (id === fleet.organizationId ? fleet.api : undefined);
  const total = { list: 0, rateLimits: 0, telemetry: 0 };
  const tickStarted = performance.now();
  const end = clock + HOURS * HOUR_MS;
  while (clock < end) {
    clock += MINUTE_MS;
    const pass = await refreshSnapshots(fleet.database.db, api, now, policy);
    total.list += pass.calls.list;
    total.rateLimits += pass.calls.rateLimits;
    total.telemetry += pass.calls.telemetry;
  }
  const budget = RATE_LIMITS.OEM_ENERGY_API_COMMANDS_AND_FETCH_STATE;
  const interval = vehicleIntervalMs(policy, { max: budget.max, windowSeconds: budget.windowSeconds });
  const tickedInterval = Math.ceil(interval / MINUTE_MS) * MINUTE_MS;
  const perHour = (n: number) => Math.round(n / HOURS);
  // Only listening, connected vehicles are read: the formula's "vehicles" are those.
  const readable = first.read + first.failed;
  const formula = (ms: number) => Math.round((readable * 60) / (ms / MINUTE_MS));
  console.log(
    `${label}: steady state over ${HOURS} simulated h (${HOURS * 60} ticks in ${((performance.now() - tickStarted) / 1000).toFixed(1)} s wall): ` +
      `${perHour(total.telemetry)} telemetry + ${perHour(total.list)} list + ${perHour(total.rateLimits)} rate-limit calls per hour`,
  );
  console.log(
    `${label}:   formula vehicles (${readable} listening and connected) × 60 / interval: configured ${policy.intervalMs / MINUTE_MS} min → ${formula(policy.intervalMs)}/h; ` +
      `budget-bound ${(interval / MINUTE_MS).toFixed(1)} min (${policy.budgetShare * 100}% of ${budget.max}/${budget.windowSeconds / 3600} h) → ${formula(interval)}/h; ` +
      `on one-minute ticks ${tickedInterval / MINUTE_MS} min → ${formula(tickedInterval)}/h; measured ${perHour(total.telemetry)}/h`,
  );
}

async function timeList(fleet: Fleet, label: string, input: Record<string, string>) {
  const query = vehicleListQuerySchema.parse(input);
  // Staleness compares the sandbox's own (real-clock) timestamps.
  const now = Date.now();
  const page = () => pageSnapshotVehicles(fleet.database.db, fleet.api, fleet.organizationId, query, now);
  await page();
  const times: number[] = [];
  let rows = 0;
  let total: number | null = null;
  for (let i = 0; i < LIST_RUNS; i++) {
    const started = performance.now();
    const result = await page();
    times.push(performance.now() - started);
    rows = result.items.length;
    total = result.totalResults;
  }
  times.sort((a, b) => a - b);
  console.log(
    `list ${label.padEnd(40)} p50 ${quantile(times, 0.5).toFixed(1)} ms   p99 ${quantile(times, 0.99).toFixed(1)} ms   (${rows} rows of ${total ?? '?'}, ${LIST_RUNS} runs)`,
  );
}

export default async function snapshotBench() {
  process.env.AUTH_SECRET ??= 'bench-secret-bench-secret-bench-secret-00';
  const fleet = await openFleet(VEHICLES);
  try {
    const first = await firstPass(fleet, BASE_POLICY, 'share 25%');
    await timeList(fleet, 'state of charge below 20%', { socBelow: '20' });
    await timeList(fleet, 'charging now', { charging: '1' });
    await timeList(fleet, 'not reported for 24 h', { staleHours: '24' });
    await timeList(fleet, 'below 50%, 100 per page', { socBelow: '50', pageSize: '100' });
    await timeList(fleet, 'below 50% and make == Tesla', {
      socBelow: '50',
      filter: JSON.stringify({ field: 'make', operator: '==', value: 'Tesla' }),
    });
    await steadyState(fleet, BASE_POLICY, 'share 25%', first);
  } finally {
    await fleet.database.close();
  }
  // At 50% the budget allows a read every 14.4 min: the configured 15 min binds.
  const second = await openFleet(VEHICLES);
  try {
    const policy = { ...BASE_POLICY, budgetShare: 0.5 };
    await steadyState(second, policy, 'share 50%', await firstPass(second, policy, 'share 50%'));
  } finally {
    await second.database.close();
  }
}
