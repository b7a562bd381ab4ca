import 'server-only';
import type { Db } from '@/lib/db';
import { listAuditEvents } from '@/lib/db/repos/audit';
import { ensureMembership, listMembers } from '@/lib/db/repos/memberships';
import { createOrganization } from '@/lib/db/repos/organizations';
import { insertReportSchedule, listReportSchedules } from '@/lib/db/repos/report-schedules';
import { createUser } from '@/lib/db/repos/users';

/** For the schedule routes' test: the organization's admin, a support member and someone of no organization. */
export async function scheduleRecipients(db: unknown, organizationId: string) {
  const d = db as Db;
  const [admin] = await listMembers(d, organizationId);
  const outsider = await createUser(d, { email: `outsider-${organizationId.slice(0, 8)}@elsewhere.example` });
  const support = await createUser(d, { email: `support-${organizationId.slice(0, 8)}@sched.example` });
  await ensureMembership(d, organizationId, support.id, 'support');
  return { admin, outsider, support };
}

/** The organization's audit entries of scheduled reports. */
export async function scheduleAudit(db: unknown, organizationId: string) {
  const page = await listAuditEvents(db as Db, { organizationId, action: 'reports.schedule_*' });
  return page.events.map((e) => ({ action: e.action, outcome: e.outcome, targetId: e.targetId, details: e.details }));
}

/** Another organization with a monthly schedule of its own, to its admin. */
export async function otherOrganizationSchedule(db: unknown, slug: string) {
  const d = db as Db;
  const org = await createOrganization(d, { slug, name: slug, apiBaseUrl: null, clientId: 'c', clientSecret: 's' });
  const admin = await createUser(d, { email: `admin@${slug}.example` });
  await ensureMembership(d, org.id, admin.id, 'admin');
  return insertReportSchedule(d, {
    organizationId: org.id,
    createdBy: admin.id,
    frequency: 'monthly',
    scope: null,
    recipientIds: [admin.id],
    nextRunAt: new Date('2099-01-01T06:00:00Z'),
  });
}

/** The organization's schedules as stored (next run, last sending). */
export async function storedSchedules(db: unknown, organizationId: string) {
  return listReportSchedules(db as Db, organizationId);
}
