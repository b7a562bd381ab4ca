import { withOrg } from '@/lib/bff/with-org';
import { csvResponse } from '@/lib/csv';
import { getDb } from '@/lib/db';
import { listAuditEvents, type AuditFilter } from '@/lib/db/repos/audit';
import { auditQuerySchema } from '@/lib/validations/audit';

const HEADER = ['time', 'actor', 'action', 'target_type', 'target_id', 'outcome', 'upstream_request_id', 'ip', 'details'] as const;

async function* auditRows(filter: AuditFilter) {
  let cursor: string | undefined;
  do {
    const page = await listAuditEvents(getDb(), { ...filter, cursor, limit: 1000 });
    for (const e of page.events) {
      yield [e.createdAt, e.actorEmail, e.action, e.targetType, e.targetId, e.outcome, e.upstreamRequestId, e.ip, e.details] as const;
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

/** Every event the filters match, streamed page by page. */
export const GET = withOrg(
  async ({ org, query }) => {
    const { cursor: _cursor, limit: _limit, ...filters } = query;
    const stamp = new Date().toISOString().slice(0, 10);
    return csvResponse(`audit-${org.slug}-${stamp}.csv`, HEADER, auditRows({ organizationId: org.id, ...filters }));
  },
  { permission: 'audit.read', query: auditQuerySchema },
);
