import 'server-only';
import type { Db } from '@/lib/db';
import { listMembers } from '@/lib/db/repos/memberships';
import { getOrganizationById } from '@/lib/db/repos/organizations';
import { claimReportRun, listDueReportSchedules, markReportSent } from '@/lib/db/repos/report-schedules';
import type { ReportSchedule } from '@/lib/db/schema';
import { appUrl } from '@/lib/env';
import type { RecurringJob } from '@/lib/jobs';
import { organizationApi, type ScopeApiFor } from '@/lib/notifications/server/rule-scope';
import { configuredMailer, type Mailer } from '@/lib/ops/mail';
import { logger } from '@/lib/ops/log';
import { reportSearch } from '@/lib/reports/report';
import { nextRunAfter, scheduledPeriodKey } from '@/lib/reports/schedule';
import type { ReportQuery } from '@/lib/reports/schemas';
import { buildReport } from './build-report';
import { reportMailContent } from './report-mail';

export type ScheduledReportSummary = { schedules: number; mails: number; failed: number };

function queryOf(schedule: ReportSchedule, period: string): ReportQuery {
  const scope = schedule.scope;
  if (scope?.type === 'tag') return { period, tagKey: scope.key, tagValue: scope.value };
  if (scope?.type === 'view') return { period, view: scope.viewId };
  return { period };
}

/** `made`: the report was made (and so mailed, or refused by the server, to each recipient). */
export type ScheduleMailResult = { period: string; recipients: number; made: boolean; mails: number; failed: number };

/**
 * Mails the schedule's report of the whole week or month before `now` to its recipients who are
 * still members, one mail each (no one sees the others' addresses). A report that cannot be made
 * counts as failed for every recipient; a mail the server refuses is logged and counted. Neither the
 * schedule's next run nor its last sending is changed here.
 */
export async function mailScheduleReport(
  db: Db,
  schedule: ReportSchedule,
  now: Date,
  mailer: Mailer,
  apiFor: ScopeApiFor,
): Promise<ScheduleMailResult> {
  const query = queryOf(schedule, scheduledPeriodKey(schedule.frequency, now));
  const result: ScheduleMailResult = { period: query.period!, recipients: 0, made: false, mails: 0, failed: 0 };
  const [org, members] = await Promise.all([getOrganizationById(db, schedule.organizationId), listMembers(db, schedule.organizationId)]);
  const recipients = members.filter((m) => schedule.recipientIds.includes(m.userId));
  if (!org || recipients.length === 0) return result;
  result.recipients = recipients.length;
  const base = appUrl();
  const slug = encodeURIComponent(org.slug);
  const unsubscribeLink = new URL(`/o/${slug}/reports/unsubscribe/${schedule.id}`, base).toString();
  let content: ReturnType<typeof reportMailContent>;
  try {
    const report = await buildReport({ org, user: { id: schedule.createdBy ?? '', email: '' } }, query, { db, now, apiFor });
    content = reportMailContent({
      organizationName: org.name,
      frequency: schedule.frequency,
      report,
      reportLink: new URL(`/o/${slug}/reports?${reportSearch(query)}`, base).toString(),
      schedulesLink: new URL(`/o/${slug}/reports#report-schedules`, base).toString(),
      unsubscribeLink,
    });
  } catch (error) {
    result.failed = recipients.length;
    logger().error({ event: 'reports.schedule_failed', scheduleId: schedule.id, err: error }, 'a scheduled report could not be made');
    return result;
  }
  result.made = true;
  for (const recipient of recipients) {
    try {
      await mailer.transport.sendMail({
        from: mailer.from,
        to: recipient.email,
        subject: content.subject,
        text: content.text,
        html: content.html,
        attachments: [content.attachment],
        headers: { 'List-Unsubscribe': `<${unsubscribeLink}>` },
      });
      result.mails += 1;
    } catch (error) {
      result.failed += 1;
      logger().error({ event: 'reports.mail_failed', scheduleId: schedule.id, err: error }, 'a scheduled report could not be sent');
    }
  }
  return result;
}

/**
 * Mails each due schedule's report of the whole week or month just ended to its recipients who
 * are still members, one mail each (no one sees the others' addresses). A run is claimed before
 * anything is read or sent (its next run set by a conditional update), so however many instances
 * run the pass, a period's mail goes out once; a run missed while nothing ran is sent once, for the
 * latest period. A mail the server refuses is logged and counted, not sent again.
 */
export async function sendScheduledReports(
  db: Db,
  now: Date,
  options: { mailer?: Mailer | null; apiFor?: ScopeApiFor; signal?: AbortSignal } = {},
): Promise<ScheduledReportSummary> {
  const mailer = options.mailer === undefined ? configuredMailer() : options.mailer;
  const summary: ScheduledReportSummary = { schedules: 0, mails: 0, failed: 0 };
  if (!mailer) return summary;
  for (const schedule of await listDueReportSchedules(db, now)) {
    if (options.signal?.aborted) break;
    if (!(await claimReportRun(db, schedule, nextRunAfter(schedule.frequency, now)))) continue;
    summary.schedules += 1;
    const sent = await mailScheduleReport(db, schedule, now, mailer, options.apiFor ?? organizationApi);
    summary.mails += sent.mails;
    summary.failed += sent.failed;
    if (!sent.made) continue;
    await markReportSent(db, schedule.id, sent.period, now);
  }
  return summary;
}

/** The scheduled reports as a background job: on PostgreSQL the shared queue runs each pass once across the cluster. */
export function reportsScheduleJob(
  db: () => Db,
  now: () => Date = () => new Date(),
  options: { mailer?: () => Mailer | null; apiFor?: ScopeApiFor } = {},
): RecurringJob {
  return {
    name: 'reports.send-scheduled',
    everyMs: 5 * 60_000,
    run: async (signal) => {
      await sendScheduledReports(db(), now(), { signal, mailer: options.mailer?.(), apiFor: options.apiFor });
    },
  };
}
