import { describe, expect, it, vi } from 'vitest';
import { ensureMembership } from '@/lib/db/repos/memberships';
import { createOrganization } from '@/lib/db/repos/organizations';
import { insertReportSchedule, listReportSchedules } from '@/lib/db/repos/report-schedules';
import { createUser } from '@/lib/db/repos/users';
import { postgresAvailable } from '@/lib/db/testing.test-support';
import { useTwoInstances } from '@/lib/jobs/two-instances.test-support';
import { seedReportHistory } from './report-history.test-support';
import { reportsScheduleJob } from './send-scheduled-reports';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0032');
vi.stubEnv('APP_URL', 'https://motorpool.example');

const available = await postgresAvailable();

describe.skipIf(!available)('the scheduled reports on the queue two instances share (PostgreSQL)', () => {
  const cluster = useTwoInstances();

  it('runs a due schedule once across two instances: one mail per recipient', async () => {
    const db = cluster.db();
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
    const { name, runs } = await cluster.runOnBoth((dbOf, mailer) =>
      reportsScheduleJob(dbOf, () => runAt, { mailer, apiFor: async () => undefined }),
    );
    expect(name).toBe('reports.send-scheduled');
    expect(runs).toHaveLength(1);
    const mail = await cluster.smtp().nextTo(manager.email);
    expect(mail.subject).toBe('[Cluster fleet] Monthly report: November 2026');
    expect(mail.attachments.map((f) => f.filename)).toEqual(['report-2026-11-vehicles.csv']);
    expect(cluster.smtp().countTo(manager.email)).toBe(1);
    expect((await listReportSchedules(db, org.id))[0]).toMatchObject({
      lastPeriodKey: '2026-11',
      nextRunAt: new Date('2027-01-01T06:00:00Z'),
    });
  }, 90_000);
});
