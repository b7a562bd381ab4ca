/**
 * Fleet snapshot figures: the first pass over a fresh database (time, upstream calls by kind)
 * against the in-process sandbox, for the demo fleet (240 vehicles, SANDBOX_VEHICLES_PER_ORG's
 * default) and a larger one (BENCH_SNAPSHOT_VEHICLES, default 2,000); and the calls per vehicle
 * per day the configured interval and budget share cost.
 */
import { createTestDatabase } from '@/lib/db/testing';
import { createOrganization } from '@/lib/db/repos/organizations';
import { refreshSnapshots, vehicleIntervalMs, type SnapshotPolicy } from '@/lib/fleet/server/refresh-snapshots';
import { createSandbox } from '@/lib/sandbox';
import { RATE_LIMITS } from '@/lib/sandbox/sim';
import { createVehicleApi, type FetchLike } from '@/lib/vehicle-api';

const DAY_MS = 86_400_000;
const POLICY: SnapshotPolicy = { intervalMs: 15 * 60_000, budgetShare: 0.25, budgetTtlMs: DAY_MS, concurrency: 8 };

async function firstPass(vehicles: number) {
  const database = await createTestDatabase('pglite');
  try {
    const sandbox = createSandbox({ seed: 42, vehiclesPerOrg: vehicles });
    const upstream = sandbox.organizations[0];
    const calls = { list: 0, rateLimits: 0, telemetry: 0 };
    const api = createVehicleApi({
      baseUrl: 'http://sandbox.local',
      clientId: upstream.clientId,
      clientSecret: upstream.clientSecret,
      fetch: sandbox.fetch as FetchLike,
      logger: () => {},
    });
    const org = await createOrganization(database.db, { slug: 'bench', name: 'Bench', apiBaseUrl: null, clientId: 'c', clientSecret: 's' });
    const started = performance.now();
    const result = await refreshSnapshots(
      database.db,
      async (id) => (id === org.id ? api : undefined),
      () => new Date(),
      POLICY,
    );
    const ms = performance.now() - started;
    Object.assign(calls, result.calls);
    console.log(
      `first pass, ${String(vehicles).padStart(5)} vehicles: ${(ms / 1000).toFixed(2)} s  (${result.listed} listed, ${result.read} read; calls: ${calls.list} list, ${calls.rateLimits} rate-limits, ${calls.telemetry} telemetry)`,
    );
  } finally {
    await database.close();
  }
}

function costPerVehiclePerDay() {
  const budget = RATE_LIMITS.OEM_ENERGY_API_COMMANDS_AND_FETCH_STATE;
  const interval = vehicleIntervalMs(POLICY, { max: budget.max, windowSeconds: budget.windowSeconds });
  const telemetry = DAY_MS / interval;
  const list = DAY_MS / POLICY.intervalMs / 100;
  console.log(
    `cost per listening vehicle per day: ${telemetry.toFixed(1)} telemetry reads (one per ${(interval / 60_000).toFixed(1)} min: ${POLICY.budgetShare * 100}% of ${budget.max}/${budget.windowSeconds / 3600} h) + 1 rate-limit read + ${list.toFixed(2)} list calls (a page of 100 every ${POLICY.intervalMs / 60_000} min) = ${(telemetry + 1 + list).toFixed(1)} calls`,
  );
}

export default async function snapshotBench() {
  process.env.AUTH_SECRET ??= 'bench-secret-bench-secret-bench-secret-00';
  costPerVehiclePerDay();
  await firstPass(240);
  await firstPass(Number(process.env.BENCH_SNAPSHOT_VEHICLES ?? 2_000));
}
