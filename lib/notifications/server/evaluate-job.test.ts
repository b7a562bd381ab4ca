import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPostgres, type DbHandle } from '@/lib/db';
import { listInbox } from '@/lib/db/repos/notifications/inbox';
import { createTestDatabase, postgresAvailable, type TestDatabase } from '@/lib/db/testing.test-support';
import { QueueRunner } from '@/lib/jobs/queue-runner';
import type { RecurringJob } from '@/lib/jobs';
import { notificationsEvaluateJob } from './evaluate-job';
import { HOUR_MS, orgWithSilenceRule } from './notifications-test-org.test-support';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0029');

const available = await postgresAvailable();

describe.skipIf(!available)('the notification pass on the queue two instances share (PostgreSQL)', () => {
  let database: TestDatabase;
  const handles: DbHandle[] = [];
  const runners: QueueRunner[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await Promise.all(runners.map((runner) => runner.stop(1_000).catch(() => {})));
    await Promise.all(handles.map((handle) => handle.close()));
    await database?.close();
  });

  it('runs a period’s evaluation once across two instances, telling the silent vehicle once', async () => {
    const { org, manager, seen } = await orgWithSilenceRule(database.db, 'cluster');
    const lastSeen = new Date(Date.now() - 7 * HOUR_MS);
    await seen('quiet-1', lastSeen);
    const runs: string[] = [];
    // Each "instance": its own pool, its own database handle and runner, the production job definition.
    const instance = async (who: string) => {
      const handle = openPostgres(database.url!, { max: 4 });
      handles.push(handle);
      const runner = await QueueRunner.start(handle.executeSql!);
      runners.push(runner);
      const job = notificationsEvaluateJob(() => handle.db);
      const counted: RecurringJob = { ...job, run: async (signal) => void (runs.push(who), await job.run(signal)) };
      return { runner, job: counted };
    };
    const [a, b] = await Promise.all([instance('a'), instance('b')]);
    expect(a.job.name).toBe('notifications.evaluate');
    await Promise.all([a.runner.add(a.job), b.runner.add(b.job)]);
    // Away from a minute's edge: the ticks sent together fall in one period.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 50_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 100));
    await Promise.all([1, 2, 3].flatMap(() => [a.runner.tick(a.job), b.runner.tick(b.job)]));
    await vi.waitFor(() => expect(runs.length).toBeGreaterThan(0), { timeout: 10_000 });
    // Both workers poll at most every 2 s: a second run would have come by now.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(runs).toHaveLength(1);
    const inbox = await listInbox(database.db, org.id, manager.id, { limit: 10 });
    expect(inbox.map((n) => n.title)).toEqual(['No data from quiet-1 for 6 hours']);
  }, 90_000);
});
