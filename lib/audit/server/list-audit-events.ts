import 'server-only';
import type { Org } from '@/lib/org/org-access';
import { csvResponse } from '@/lib/csv';
import { getDb } from '@/lib/db';
import { listAuditEvents as listAuditRows, type AuditFilter } from '@/lib/db/repos/audit';
import type { AuditQuery } from '@/lib/audit/schemas';

export async function listAuditEvents(org: Org, query: AuditQuery) {
  const page = await listAuditRows(getDb(), { organizationId: org.id, ...query });
  return { events: page.events, nextCursor: page.nextCursor };
}

const HEADER = ['time', 'actor', 'action', 'target_type', 'target_id', 'outcome', 'upstream_request_id', 'ip', 'details'] as const;

async function* auditRows(filter: AuditFilter) {
  let cursor: string | undefined;
  do {
    const page = await listAuditRows(getDb(), { ...filter, cursor, limit: 1000 });
    for (const e of page.events) {
      yield [e.createdAt, e.actorEmail, e.action, e.targetType, e.targetId, e.outcome, e.upstreamRequestId, e.ip, e.details] as const;
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

/** Every event the filters match as CSV, streamed page by page. */
export function exportAuditEvents(org: Org, query: AuditQuery): Response {
  const { cursor: _cursor, limit: _limit, ...filters } = query;
  const stamp = new Date().toISOString().slice(0, 10);
  return csvResponse(`audit-${org.slug}-${stamp}.csv`, HEADER, auditRows({ organizationId: org.id, ...filters }));
}
