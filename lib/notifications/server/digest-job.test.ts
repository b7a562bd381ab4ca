import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPostgres, type DbHandle } from '@/lib/db';
import { holdMails, saveDeliveryPreferences } from '@/lib/db/repos/notifications/delivery';
import { createTestDatabase, postgresAvailable, type TestDatabase } from '@/lib/db/testing.test-support';
import { QueueRunner } from '@/lib/jobs/queue-runner';
import type { RecurringJob } from '@/lib/jobs';
import { startSmtpInbox, type SmtpInbox } from '@/lib/ops/smtp-inbox.test-support';
import { DEFAULT_DELIVERY } from '../delivery-timing';
import { HOUR_MS, orgWithSilenceRule } from './notifications-test-org.test-support';
import { notificationsDigestJob } from './send-digests';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0029');
vi.stubEnv('APP_URL', 'https://motorpool.example');

const available = await postgresAvailable();

describe.skipIf(!available)('the digest pass on the queue two instances share (PostgreSQL)', () => {
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

  it('runs a period’s digest once across two instances: one mail with the held items', async () => {
    const { org, manager, rule } = await orgWithSilenceRule(database.db, 'digest-cluster', ['email']);
    await saveDeliveryPreferences(database.db, manager.id, { ...DEFAULT_DELIVERY, timeZone: 'UTC', digest: 'hourly' });
    const heldAt = new Date(Date.now() - 2 * HOUR_MS);
    await holdMails(
      database.db,
      ['veh-1', 'veh-2'].map((id) => ({
        organizationId: org.id,
        userId: manager.id,
        ruleId: rule.id,
        kind: 'no_data' as const,
        title: `No data from ${id} for 6 hours`,
        body: '',
        path: `/o/digest-cluster/vehicles/${id}`,
        heldAt,
      })),
    );
    const runs: string[] = [];
    const instance = async (who: string) => {
      const handle = openPostgres(database.url!, { max: 4 });
      handles.push(handle);
      const runner = await QueueRunner.start(handle.executeSql!);
      runners.push(runner);
      const mailer = { transport: nodemailer.createTransport(smtp.smtpUrl), from: 'Motorpool <noreply@motorpool.example>' };
      const job = notificationsDigestJob(
        () => handle.db,
        undefined,
        () => mailer,
      );
      const counted: RecurringJob = { ...job, run: async (signal) => void (runs.push(who), await job.run(signal)) };
      return { runner, job: counted };
    };
    const [a, b] = await Promise.all([instance('a'), instance('b')]);
    expect(a.job.name).toBe('notifications.digest');
    await Promise.all([a.runner.add(a.job), b.runner.add(b.job)]);
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 50_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 100));
    await Promise.all([1, 2, 3].flatMap(() => [a.runner.tick(a.job), b.runner.tick(b.job)]));
    await vi.waitFor(() => expect(runs.length).toBeGreaterThan(0), { timeout: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(runs).toHaveLength(1);
    const digest = await smtp.nextTo(manager.email);
    expect(digest.subject).toBe('[Fleet digest-cluster] Digest: 2 notifications');
    expect(digest.text).toContain('https://motorpool.example/o/digest-cluster/vehicles/veh-2');
    expect(smtp.countTo(manager.email)).toBe(1);
  }, 90_000);
});
