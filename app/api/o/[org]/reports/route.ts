import { withOrg } from '@/lib/bff/with-org';
import { reportQuerySchema } from '@/lib/reports/schemas';
import { buildReport } from '@/lib/reports/server/build-report';

/** A fleet report for a period and a scope, from the history store (no upstream call but a tag's vehicle list). */
export const GET = withOrg(async (access) => buildReport(access, access.query), { permission: 'reports.read', query: reportQuerySchema });
