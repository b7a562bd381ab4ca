import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPostgres, type DbHandle, type ExecuteSql } from '@/lib/db';
import { createTestDatabase, postgresAvailable, type TestDatabase } from '@/lib/db/testing.test-support';
import type { RecurringJob } from './job';
import { QueueRunner } from './queue-runner';

const available = await postgresAvailable();

/** Waits until a minute's period has at least 10 s left, so ticks sent together fall in one period. */
async function awayFromMinuteEdge(): Promise<void> {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 50_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 100));
}

describe.skipIf(!available)('background jobs on the queue the instances share (pg-boss on PostgreSQL)', () => {
  let database: TestDatabase;
  const handles: DbHandle[] = [];
  const runners: QueueRunner[] = [];
  /**
   * One "instance": its own pool on the database, its own runner. `kill()` freezes it as SIGKILL
   * would: nothing it asks of the database comes back, and its timers stop (stopping never completes).
   */
  const instance = async (options?: Parameters<typeof QueueRunner.start>[1]) => {
    const handle = openPostgres(database.url!, { max: 4 });
    handles.push(handle);
    let killed = false;
    const executeSql: ExecuteSql = (text, values) => (killed ? new Promise(() => {}) : handle.executeSql!(text, values));
    const runner = await QueueRunner.start(executeSql, options);
    runners.push(runner);
    const kill = () => {
      killed = true;
      runners.splice(runners.indexOf(runner), 1);
      void runner.stop(0);
    };
    return { runner, kill };
  };
  const jobRows = async (name: string) =>
    (await handles[0]!.executeSql!('select state, retry_count from pgboss.job where name = $1', [name])).rows as {
      state: string;
      retry_count: number;
    }[];

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((runner) => runner.stop(1_000).catch(() => {})));
  });
  afterAll(async () => {
    await Promise.all(handles.map((handle) => handle.close()));
    await database?.close();
  });

  it('runs a job that two instances both queue for one period once, on one of them', async () => {
    // Started at once on an empty database: pg-boss installs its schema once (its own advisory lock).
    const [a, b] = await Promise.all([instance(), instance()]);
    const runs: string[] = [];
    const job = (who: string): RecurringJob => ({
      name: 'test.once',
      everyMs: 60_000,
      run: async () => void runs.push(who),
    });
    // Both create the job's queue at once, as instances starting together do.
    await Promise.all([a.runner.add(job('a')), b.runner.add(job('b'))]);
    await awayFromMinuteEdge();
    // What each instance's timer does each period, several times over on both.
    await Promise.all([1, 2, 3].flatMap(() => [a.runner.tick(job('a')), b.runner.tick(job('b'))]));
    await vi.waitFor(() => expect(runs.length).toBeGreaterThan(0), { timeout: 10_000 });
    // Both workers poll at most every 2 s (a's and b's notifyWorker wake them at once): a second run would have come.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(runs).toHaveLength(1);
    expect(await jobRows('test.once')).toEqual([{ state: 'completed', retry_count: 0 }]);
  });

  it('starts however many instances start at once on an empty database (the cluster spec met the schema race)', async () => {
    const fresh = await createTestDatabase('postgres');
    const pools = Array.from({ length: 6 }, () => openPostgres(fresh.url!, { max: 4 }));
    try {
      const started = await Promise.all(pools.map((pool) => QueueRunner.start(pool.executeSql!)));
      expect(started).toHaveLength(6);
      await Promise.all(started.map((runner) => runner.stop(1_000)));
    } finally {
      await Promise.all(pools.map((pool) => pool.close()));
      await fresh.close();
    }
  });

  it('gives a job whose worker died mid-run to another instance once it expires', async () => {
    const a = await instance({ maxPollingSeconds: 0.5 });
    const b = await instance({ maintenanceIntervalSeconds: 1, maxPollingSeconds: 0.5 });
    const runs: string[] = [];
    const stuckOnA: RecurringJob = {
      name: 'test.retried',
      everyMs: 60_000,
      expireAfterSeconds: 2,
      // Never finishes: the process "dies" mid-run.
      run: () => {
        runs.push('a');
        return new Promise(() => {});
      },
    };
    const onB: RecurringJob = { ...stuckOnA, run: async () => void runs.push('b') };
    await a.runner.add(stuckOnA);
    await awayFromMinuteEdge();
    await a.runner.tick(stuckOnA);
    await vi.waitFor(() => expect(runs).toEqual(['a']), { timeout: 10_000 });
    // a reaches the database no more, as a killed process; its run never completes.
    a.kill();
    await b.runner.add(onB);
    expect(await jobRows('test.retried')).toEqual([{ state: 'active', retry_count: 0 }]);
    // b's maintenance fails the job once its 2 s are over and b's worker runs it again.
    await vi.waitFor(() => expect(runs).toEqual(['a', 'b']), { timeout: 15_000, interval: 100 });
    await vi.waitFor(async () => expect(await jobRows('test.retried')).toEqual([{ state: 'completed', retry_count: 1 }]));
  }, 30_000);
});
