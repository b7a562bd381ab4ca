/**
 * `npm run bench bulk`: 1,000 vehicles tagged and 1,000 listening changes, each as one bulk job
 * worked by the runner the background job uses (`runBulkJobs`), against an embedded database in a
 * temporary folder (or BENCH_DATABASE_URL) and an in-process sandbox of 1,000 vehicles. Prints
 * wall time, upstream calls (and per vehicle), vehicles per second, and a vehicle's request budget
 * before and after (tags and listening changes do not spend the per-vehicle OEM budgets, which
 * count commands and state fetches). Exits non-zero unless every vehicle is decided exactly once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const VEHICLES = 1_000;

export default async function bulkBench(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'motorpool-bulk-'));
  process.env.DATA_DIR = dataDir;
  if (process.env.BENCH_DATABASE_URL) process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
  process.env.AUTH_SECRET ??= 'bulk-bench-secret-bulk-bench-secret-bulk-bench';
  const { closeDb, getDb } = await import('@/lib/db');
  const { migrateDatabase } = await import('@/lib/db/migrate');
  const { createOrganization } = await import('@/lib/db/repos/organizations');
  const { countBulkItems, createBulkJob } = await import('@/lib/db/repos/bulk-jobs');
  const { createSandbox } = await import('@/lib/sandbox');
  const { sandboxApi } = await import('./support/sandbox-api');
  const { resolveSelection } = await import('@/lib/bulk/server/manage-bulk-jobs');
  const { runBulkJobs } = await import('@/lib/bulk/server/run-bulk-jobs');
  const { UNKNOWN_OUTCOME } = await import('@/lib/bulk/retry');
  try {
    const db = getDb();
    await migrateDatabase(db);
    // A few seeded vehicles are disconnected and never listed: seed a little more than 1,000.
    const sandbox = createSandbox({ seed: 42, vehiclesPerOrg: VEHICLES + 40 });
    let calls = 0;
    const api = sandboxApi(sandbox, {
      fetch: (input, init) => {
        if (!new URL(input).pathname.includes('/oauth2/')) calls += 1;
        return sandbox.fetch(input, init);
      },
    });
    const org = await createOrganization(db, {
      slug: 'bulk-bench',
      name: 'Bulk bench',
      apiBaseUrl: null,
      clientId: 'c',
      clientSecret: 's',
    });
    const apiFor = async () => api;
    let failures = 0;

    const budgetOf = async (vehicleId: string) =>
      (await api.getRateLimits(vehicleId)).data.map((l) => `${l.key} ${l.remainingRequests}/${l.maxRequests}`).join(', ');

    async function measure(label: string, action: 'tag.add' | 'listening.off', args: Record<string, unknown> | null) {
      calls = 0;
      const started = performance.now();
      const vehicleIds = (await resolveSelection(api, { mode: 'filter' })).vehicleIds.slice(0, VEHICLES);
      const listCalls = calls;
      const job = await createBulkJob(db, {
        organizationId: org.id,
        createdBy: null,
        createdByEmail: 'bench@example.com',
        action,
        args,
        selection: { mode: 'filter' },
        vehicleIds,
      });
      while (await runBulkJobs(db, { owner: 'bench', leaseMs: 15_000, apiFor, concurrency: 8 }));
      const ms = performance.now() - started;
      const counts = await countBulkItems(db, job.id, UNKNOWN_OUTCOME);
      const decided = counts.done + counts.skipped + counts.failed + counts.unknown;
      if (vehicleIds.length !== VEHICLES || decided !== VEHICLES || counts.pending !== 0) failures += 1;
      console.log(
        `${label}: ${vehicleIds.length} vehicles in ${(ms / 1000).toFixed(2)} s (${Math.round((vehicleIds.length / ms) * 1000)} vehicles/s); ` +
          `upstream calls ${calls} (${listCalls} list pages + ${calls - listCalls} changes, ${((calls - listCalls) / vehicleIds.length).toFixed(2)} per vehicle); ` +
          `done ${counts.done}, skipped ${counts.skipped}, failed ${counts.failed}, pending ${counts.pending}`,
      );
      return vehicleIds;
    }

    const sample = (await api.listVehicles({ maxPageSize: 1 })).data.results[0]!.id;
    const before = await budgetOf(sample);
    await measure('tag 1,000 vehicles', 'tag.add', { key: 'bench', value: 'bulk' });
    await measure('listening off for 1,000 vehicles', 'listening.off', null);
    console.log(`budget of ${sample} before: ${before}`);
    console.log(`budget of ${sample} after:  ${await budgetOf(sample)}`);
    if (failures > 0) process.exitCode = 1;
  } finally {
    await closeDb();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
