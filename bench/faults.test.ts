import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, useAsProcessDatabase, type TestDatabase } from '@/lib/db/testing.test-support';
import { printFaultRun } from './support/fault-run-report';
import { runFaultRun } from './support/fault-run';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-fault');

/**
 * The fault run of issue 13 at a smaller size (`npm run bench faults` runs 200 commands over 20
 * vehicles): every fault kind, through the BFF's verbs, a real database and the embedded sandbox.
 */
describe('the fault run', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    useAsProcessDatabase(database);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('loses no record, sends nothing twice, never shows an accepted command as refused, and gives every failure a reason', async () => {
    const report = await runFaultRun({ vehicles: 6, commandsPerVehicle: 6, settleBudgetMs: 60_000 });
    const lines: string[] = [];
    printFaultRun(report, (line) => lines.push(line));
    console.log(lines.join('\n'));
    expect(report.commands).toBe(36);
    expect(report.crashes).toBe(0);
    expect(report.lostRecords).toBe(0);
    expect(report.sentTwice).toBe(0);
    expect(report.acceptedShownRejected).toBe(0);
    expect(report.failuresWithoutReason).toEqual([]);
    expect(report.unsettled).toBe(0);
    expect(report.maxUpstreamCallsPerView).toBeLessThanOrEqual(3);
    // The faults did happen: some sends and some views failed, and some lost answers were recovered.
    expect(report.viewFailures).toBeGreaterThan(0);
    expect(report.outcomes.executed).toBeGreaterThan(0);
  }, 120_000);
});
