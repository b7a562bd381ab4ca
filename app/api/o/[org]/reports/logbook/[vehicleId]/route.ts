import { withOrg } from '@/lib/bff/with-org';
import { logbookParamsSchema, logbookQuerySchema } from '@/lib/reports/schemas';
import { exportLogbook } from '@/lib/reports/server/export-report';

/** A vehicle's mileage logbook of a period as CSV: each stored journey, oldest first. */
export const GET = withOrg(async (access) => exportLogbook(access, access.params.vehicleId, access.query), {
  permission: 'reports.read',
  params: logbookParamsSchema,
  query: logbookQuerySchema,
});
