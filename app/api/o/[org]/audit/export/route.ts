import { exportAuditEvents } from '@/lib/audit/server/list-audit-events';
import { withOrg } from '@/lib/bff/with-org';
import { auditQuerySchema } from '@/lib/audit/schemas';

export const GET = withOrg(async ({ org, query }) => exportAuditEvents(org, query), { permission: 'audit.read', query: auditQuerySchema });
