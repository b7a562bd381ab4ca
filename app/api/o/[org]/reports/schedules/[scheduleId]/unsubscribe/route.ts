import { withOrg } from '@/lib/bff/with-org';
import { reportScheduleParamsSchema } from '@/lib/reports/schemas';
import { unsubscribeFromReportSchedule } from '@/lib/reports/server/manage-schedules';

/** The report mail's unsubscribe link: the member who follows it stops receiving that schedule's mail. */
export const POST = withOrg((access) => unsubscribeFromReportSchedule(access, access.params.scheduleId), {
  permission: 'reports.read',
  params: reportScheduleParamsSchema,
  audit: {
    action: 'reports.schedule_unsubscribed',
    target: ({ params }) => ({ type: 'report_schedule', id: params.scheduleId }),
  },
});
