import { withOrg } from '@/lib/bff/with-org';
import { reportExportQuerySchema } from '@/lib/reports/schemas';
import { exportReport } from '@/lib/reports/server/export-report';

/** One table of a report (per vehicle with the total, per day, or the coverage) as CSV. */
export const GET = withOrg(async (access) => exportReport(access, access.query), {
  permission: 'reports.read',
  query: reportExportQuerySchema,
});
