import { withOrg } from '@/lib/bff/with-org';
import { reportScheduleInputSchema } from '@/lib/reports/schemas';
import { createReportSchedule, listReportScheduleViews } from '@/lib/reports/server/manage-schedules';

/** The organization's scheduled report e-mails. */
export const GET = withOrg((access) => listReportScheduleViews(access), { permission: 'reports.read' });

/** Schedules the report of the last week or month, mailed to members with its CSV. */
export const POST = withOrg((access) => createReportSchedule(access, access.body), {
  permission: 'reports.write',
  body: reportScheduleInputSchema,
  audit: {
    action: 'reports.schedule_created',
    target: () => ({ type: 'report_schedule' }),
    resultTarget: ({ schedule }) => ({ id: schedule.id }),
    details: ({ body, result }) => ({
      frequency: body.frequency,
      recipients: result.schedule.recipients.length,
      scope: result.schedule.scope,
    }),
  },
});
