import nodemailer from 'nodemailer';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { openPostgres, type Db, type DbHandle } from '@/lib/db';
import { createTestDatabase, type TestDatabase } from '@/lib/db/testing.test-support';
import type { Mailer } from '@/lib/ops/mail';
import { startSmtpInbox, type SmtpInbox } from '@/lib/ops/smtp-inbox.test-support';
import type { RecurringJob } from './job';
import { QueueRunner } from './queue-runner';

/**
 * Two instances on one PostgreSQL database (each its own pool and queue runner) and a real SMTP
 * server, for a recurring job that must run once per cluster. Call inside a `describe`.
 */
export function useTwoInstances() {
  let database: TestDatabase | undefined;
  let smtp: SmtpInbox | undefined;
  const handles: DbHandle[] = [];
  const runners: QueueRunner[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    smtp = await startSmtpInbox();
  });
  afterAll(async () => {
    await Promise.all(runners.map((runner) => runner.stop(1_000).catch(() => {})));
    await Promise.all(handles.map((handle) => handle.close()));
    await database?.close();
    await smtp?.close();
  });

  const instance = async (who: string, runs: string[], makeJob: (db: () => Db, mailer: () => Mailer) => RecurringJob) => {
    const handle = openPostgres(database!.url!, { max: 4 });
    handles.push(handle);
    const runner = await QueueRunner.start(handle.executeSql!);
    runners.push(runner);
    const mailer: Mailer = { transport: nodemailer.createTransport(smtp!.smtpUrl), from: 'Motorpool <noreply@motorpool.example>' };
    const job = makeJob(
      () => handle.db,
      () => mailer,
    );
    const counted: RecurringJob = { ...job, run: async (signal) => void (runs.push(who), await job.run(signal)) };
    await runner.add(counted);
    return { runner, job: counted };
  };

  return {
    db: () => database!.db,
    smtp: () => smtp!,
    /**
     * Both instances add the job each makes and tick it three times within one of its periods (the
     * queue keys a tick by period); answers which instances ran it, once the first run is 3 s old.
     */
    async runOnBoth(makeJob: (db: () => Db, mailer: () => Mailer) => RecurringJob): Promise<{ name: string; runs: string[] }> {
      const runs: string[] = [];
      const [a, b] = await Promise.all([instance('a', runs, makeJob), instance('b', runs, makeJob)]);
      const intoPeriod = Date.now() % a.job.everyMs;
      if (intoPeriod > a.job.everyMs - 10_000) await new Promise((resolve) => setTimeout(resolve, a.job.everyMs - intoPeriod + 100));
      await Promise.all([1, 2, 3].flatMap(() => [a.runner.tick(a.job), b.runner.tick(b.job)]));
      await vi.waitFor(() => expect(runs.length).toBeGreaterThan(0), { timeout: 10_000 });
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      return { name: a.job.name, runs };
    },
  };
}
