/**
 * `npm run bench faults`: the fault run of issue 13 at full size, 200 commands over 20 vehicles
 * and every section of each vehicle, through the BFF's verbs with a real database (an embedded one
 * in a temporary folder, or BENCH_DATABASE_URL) and the embedded sandbox. Prints the books; a
 * nonzero count of crashes, lost records, repeated sends, accepted commands shown as refused or
 * failures without a reason, or a view over three upstream calls, fails the command.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { printFaultRun } from './support/fault-run-report';

export default async function faultsBench(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'motorpool-faults-'));
  // Read by lib/env on first use, so set before anything opens the database.
  process.env.DATA_DIR = dataDir;
  if (process.env.BENCH_DATABASE_URL) process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
  process.env.AUTH_SECRET ??= 'fault-run-secret-fault-run-secret-fault-run';
  const { closeDb, getDb } = await import('@/lib/db');
  const { migrateDatabase } = await import('@/lib/db/migrate');
  const { runFaultRun } = await import('./support/fault-run');
  try {
    await migrateDatabase(getDb());
    const report = await runFaultRun({ vehicles: 20, commandsPerVehicle: 10, concurrency: 8, settleBudgetMs: 120_000 });
    printFaultRun(report, (line) => console.log(line));
    const broken =
      report.crashes +
      report.lostRecords +
      report.sentTwice +
      report.acceptedShownRejected +
      report.failuresWithoutReason.length +
      report.unsettled;
    if (broken > 0 || report.maxUpstreamCallsPerView > 3) process.exitCode = 1;
  } finally {
    await closeDb();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
