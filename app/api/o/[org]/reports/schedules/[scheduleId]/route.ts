import { withOrg } from '@/lib/bff/with-org';
import { reportScheduleParamsSchema } from '@/lib/reports/schemas';
import { removeReportSchedule } from '@/lib/reports/server/manage-schedules';

export const DELETE = withOrg((access) => removeReportSchedule(access, access.params.scheduleId), {
  permission: 'reports.write',
  params: reportScheduleParamsSchema,
  audit: {
    action: 'reports.schedule_deleted',
    target: ({ params }) => ({ type: 'report_schedule', id: params.scheduleId }),
    details: ({ result }) => ({ ...result }),
  },
});
