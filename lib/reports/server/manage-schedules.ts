import 'server-only';
import { getDb, type Db } from '@/lib/db';
import { listMembers, type Member } from '@/lib/db/repos/memberships';
import {
  deleteReportSchedule,
  findReportSchedule,
  insertReportSchedule,
  listReportSchedules,
  removeReportRecipient,
} from '@/lib/db/repos/report-schedules';
import { findView } from '@/lib/db/repos/saved-views';
import type { NotificationScope, ReportFrequency, ReportSchedule } from '@/lib/db/schema';
import { takePersonBudget } from '@/lib/bff/person-rate-limit';
import { AppError, invalidField } from '@/lib/errors/app-error';
import { organizationApi } from '@/lib/notifications/server/rule-scope';
import { configuredMailer } from '@/lib/ops/mail';
import type { OrgAccess } from '@/lib/org/org-access';
import { nextRunAfter, SCHEDULE_FREQUENCIES, type ReportScheduleView, type ScheduleFrequency } from '@/lib/reports/schedule';
import type { ReportScheduleInput } from '@/lib/reports/schemas';
import { mailScheduleReport } from './send-scheduled-reports';

// The database's list and the browser's are one list (each assignable to the other).
const agree: [readonly ReportFrequency[], readonly ScheduleFrequency[]] = [SCHEDULE_FREQUENCIES, [] as ReportFrequency[]];
void agree;

type Access = Pick<OrgAccess, 'org' | 'user'>;

export function toScheduleView(schedule: ReportSchedule, members: readonly Member[]): ReportScheduleView {
  const byId = new Map(members.map((m) => [m.userId, m]));
  return {
    id: schedule.id,
    frequency: schedule.frequency,
    scope: schedule.scope ?? { type: 'all' },
    recipients: schedule.recipientIds.flatMap((id) => {
      const member = byId.get(id);
      return member ? [{ userId: id, email: member.email, name: member.name }] : [];
    }),
    nextRunAt: schedule.nextRunAt.toISOString(),
    lastSentAt: schedule.lastSentAt?.toISOString() ?? null,
    lastPeriodKey: schedule.lastPeriodKey,
  };
}

export async function listReportScheduleViews(access: Access): Promise<{ schedules: ReportScheduleView[] }> {
  const db = getDb();
  const [schedules, members] = await Promise.all([listReportSchedules(db, access.org.id), listMembers(db, access.org.id)]);
  return { schedules: schedules.map((s) => toScheduleView(s, members)) };
}

/** Schedules the Reports page's report for the scope, to members of the organization; the first run is the next due one. */
export async function createReportSchedule(
  access: Access,
  input: ReportScheduleInput,
  now = new Date(),
): Promise<{ schedule: ReportScheduleView }> {
  const db = getDb();
  const members = await listMembers(db, access.org.id);
  const memberIds = new Set(members.map((m) => m.userId));
  const recipientIds = [...new Set(input.recipientIds)];
  if (recipientIds.some((id) => !memberIds.has(id))) throw invalidField('recipientIds', 'Choose members of the organization');
  let scope: NotificationScope | null = null;
  if (input.tagKey !== undefined && input.tagValue !== undefined) scope = { type: 'tag', key: input.tagKey, value: input.tagValue };
  else if (input.view !== undefined) {
    const view = await findView(db, access.org.id, input.view);
    // Someone else's private view is not theirs to mail, nor to learn of.
    if (!view || (!view.shared && view.ownerId !== access.user.id)) throw invalidField('view', 'Choose a saved view');
    scope = { type: 'view', viewId: view.id };
  }
  const row = await insertReportSchedule(db, {
    organizationId: access.org.id,
    createdBy: access.user.id,
    frequency: input.frequency,
    scope,
    recipientIds,
    nextRunAt: nextRunAfter(input.frequency, now),
  });
  return { schedule: toScheduleView(row, members) };
}

export async function removeReportSchedule(
  access: Access,
  scheduleId: string,
): Promise<{ frequency: ScheduleFrequency; recipients: number }> {
  const row = await deleteReportSchedule(getDb(), access.org.id, scheduleId);
  if (!row) throw new AppError('NOT_FOUND', 'No such scheduled report.');
  return { frequency: row.frequency, recipients: row.recipientIds.length };
}

/**
 * Sends the schedule's report of its last complete week or month to its recipients now, through the
 * scheduled mail's own code; the schedule's next run and last sending stay as they were.
 */
/** One "Send now" per schedule a minute, across instances: a double click or a retried request does not mail everyone twice. */
const SEND_NOW_LIMIT = { name: 'reports.send_now', limit: 1, windowMs: 60_000 };

async function guardRepeatSend(db: Db, scheduleId: string, now: Date): Promise<void> {
  try {
    await takePersonBudget(db, SEND_NOW_LIMIT, `schedule ${scheduleId}`, now.getTime());
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'RATE_LIMITED') throw error;
    const seconds = error.body.retryAfterSeconds ?? 60;
    throw new AppError('RATE_LIMITED', `This report was sent moments ago; it can be sent again in ${seconds} s.`, {
      retryAfterSeconds: seconds,
    });
  }
}

export async function sendReportScheduleNow(
  access: Access,
  scheduleId: string,
  now = new Date(),
): Promise<{ frequency: ScheduleFrequency; period: string; recipients: number; mails: number }> {
  const db = getDb();
  const schedule = await findReportSchedule(db, access.org.id, scheduleId);
  if (!schedule) throw new AppError('NOT_FOUND', 'No such scheduled report.');
  const mailer = configuredMailer();
  if (!mailer)
    throw new AppError('REPORT_MAIL_UNAVAILABLE', 'No mail server is set up on this server, so reports cannot be sent by e-mail.');
  await guardRepeatSend(db, schedule.id, now);
  const sent = await mailScheduleReport(db, schedule, now, mailer, organizationApi);
  if (sent.recipients === 0) throw new AppError('CONFLICT', 'None of this report’s recipients is still a member.');
  if (!sent.made) throw new AppError('INTERNAL', 'The report could not be made.');
  if (sent.mails === 0) throw new AppError('MAIL_FAILED', 'The mail server refused the report.');
  return { frequency: schedule.frequency, period: sent.period, recipients: sent.recipients, mails: sent.mails };
}

/** The mail's "stop sending it to me": the signed-in member leaves the schedule's recipients; the others keep it. */
export async function unsubscribeFromReportSchedule(access: Access, scheduleId: string): Promise<{ frequency: ScheduleFrequency }> {
  const schedule = await removeReportRecipient(getDb(), access.org.id, scheduleId, access.user.id);
  if (!schedule) throw new AppError('NOT_FOUND', 'No such scheduled report.');
  return { frequency: schedule.frequency };
}
