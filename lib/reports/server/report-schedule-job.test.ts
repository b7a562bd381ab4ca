import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPostgres, type DbHandle } from '@/lib/db';
import { ensureMembership } from '@/lib/db/repos/memberships';
import { createOrganization } from '@/lib/db/repos/organizations';
import { insertReportSchedule, listReportSchedules } from '@/lib/db/repos/report-schedules';
import { createUser } from '@/lib/db/repos/users';
import { createTestDatabase, postgresAvailable, type TestDatabase } from '@/lib/db/testing.test-support';
import { QueueRunner } from '@/lib/jobs/queue-runner';
import type { RecurringJob } from '@/lib/jobs';
import { startSmtpInbox, type SmtpInbox } from '@/lib/ops/smtp-inbox.test-support';
import { seedReportHistory } from './report-history.test-support';
import { reportsScheduleJob } from './send-scheduled-reports';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0032');
vi.stubEnv('APP_URL', 'https://motorpool.example');

const available = await postgresAvailable();

describe.skipIf(!available)('the scheduled reports on the queue two instances share (PostgreSQL)', () => {
  let database: TestDatabase;
  let smtp: SmtpInbox;
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

  it('runs a due schedule once across two instances: one mail per recipient', async () => {
    const db = database.db;
    const org = await createOrganization(db, {
      slug: 'report-cluster',
      name: 'Cluster fleet',
      apiBaseUrl: null,
      clientId: 'c',
      clientSecret: 's',
    });
    const manager = await createUser(db, { email: 'manager@report-cluster.test', name: 'Max' });
    await ensureMembership(db, org.id, manager.id, 'manager');
    await seedReportHistory(db, org.id);
    await insertReportSchedule(db, {
      organizationId: org.id,
      createdBy: manager.id,
      frequency: 'monthly',
      scope: null,
      recipientIds: [manager.id],
      nextRunAt: new Date('2026-12-01T06:00:00Z'),
    });
    const runAt = new Date('2026-12-01T06:02:00Z');
    const runs: string[] = [];
    const instance = async (who: string) => {
      const handle = openPostgres(database.url!, { max: 4 });
      handles.push(handle);
      const runner = await QueueRunner.start(handle.executeSql!);
      runners.push(runner);
      const mailer = { transport: nodemailer.createTransport(smtp.smtpUrl), from: 'Motorpool <noreply@motorpool.example>' };
      const job = reportsScheduleJob(
        () => handle.db,
        () => runAt,
        { mailer: () => mailer, apiFor: async () => undefined },
      );
      const counted: RecurringJob = { ...job, run: async (signal) => void (runs.push(who), await job.run(signal)) };
      return { runner, job: counted };
    };
    const [a, b] = await Promise.all([instance('a'), instance('b')]);
    expect(a.job.name).toBe('reports.send-scheduled');
    await Promise.all([a.runner.add(a.job), b.runner.add(b.job)]);
    // The queue keys a tick by the job's period (5 minutes): keep the ticks inside one.
    const intoPeriod = Date.now() % a.job.everyMs;
    if (intoPeriod > a.job.everyMs - 10_000) await new Promise((resolve) => setTimeout(resolve, a.job.everyMs - intoPeriod + 100));
    await Promise.all([1, 2, 3].flatMap(() => [a.runner.tick(a.job), b.runner.tick(b.job)]));
    await vi.waitFor(() => expect(runs.length).toBeGreaterThan(0), { timeout: 10_000 });
    const mail = await smtp.nextTo(manager.email);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(runs).toHaveLength(1);
    expect(mail.subject).toBe('[Cluster fleet] Monthly report: November 2026');
    expect(mail.attachments.map((f) => f.filename)).toEqual(['report-2026-11-vehicles.csv']);
    expect(smtp.countTo(manager.email)).toBe(1);
    expect((await listReportSchedules(db, org.id))[0]).toMatchObject({
      lastPeriodKey: '2026-11',
      nextRunAt: new Date('2027-01-01T06:00:00Z'),
    });
  }, 90_000);
});
