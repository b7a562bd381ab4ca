import { withOrg } from '@/lib/bff/with-org';
import { reportScheduleParamsSchema } from '@/lib/reports/schemas';
import { sendReportScheduleNow } from '@/lib/reports/server/manage-schedules';

/** Sends the schedule's report of its last complete period to its recipients now; its next run does not move. */
export const POST = withOrg((access) => sendReportScheduleNow(access, access.params.scheduleId), {
  permission: 'reports.write',
  params: reportScheduleParamsSchema,
  audit: {
    action: 'reports.schedule_sent',
    target: ({ params }) => ({ type: 'report_schedule', id: params.scheduleId }),
    details: ({ result }) => ({ ...result }),
  },
});
