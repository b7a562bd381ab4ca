import { withOrg } from '@/lib/bff/with-org';
import { getDb } from '@/lib/db';
import { listAuditEvents } from '@/lib/db/repos/audit';
import { auditQuerySchema } from '@/lib/validations/audit';

export const GET = withOrg(
  async ({ org, query }) => {
    const page = await listAuditEvents(getDb(), { organizationId: org.id, ...query });
    return { events: page.events, nextCursor: page.nextCursor };
  },
  { permission: 'audit.read', query: auditQuerySchema },
);
