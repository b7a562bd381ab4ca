import 'server-only';
import type { Org } from '@/lib/org/org-access';
import { csvResponse } from '@/lib/csv';
import { getDb } from '@/lib/db';
import type { CommandHistoryQuery } from '@/lib/commands/history-schemas';
import { commandHistory } from './list-command-history';

const HEADER = [
  'requested_at',
  'vehicle_id',
  'command',
  'arguments',
  'requested_by',
  'state',
  'status',
  'failed_reason',
  'error_code',
  'upstream_execution_id',
  'upstream_request_id',
  'executed_at',
  'settled_at',
  'origin',
  'confirmation',
  'confirmed_at',
];

async function* rows(organizationId: string, query: CommandHistoryQuery) {
  let before: string | undefined;
  do {
    const page = await commandHistory(getDb(), organizationId, { ...query, before, limit: 200 });
    for (const e of page.executions) {
      yield [
        e.requestedAt,
        e.vehicleId,
        e.command,
        e.arguments,
        e.requestedBy,
        e.state,
        e.status,
        e.failedReason,
        e.errorCode,
        e.upstreamExecutionId,
        e.upstreamRequestId,
        e.executedAt,
        e.settledAt,
        e.origin,
        e.confirmation,
        e.confirmedAt,
      ];
    }
    before = page.nextCursor ?? undefined;
  } while (before);
}

/** Every command the history filters match, as CSV. */
export function exportCommandHistory(org: Org, query: CommandHistoryQuery): Response {
  return csvResponse(
    `commands-${org.slug}-${new Date().toISOString().slice(0, 10)}.csv`,
    HEADER,
    rows(org.id, { ...query, before: undefined }),
  );
}
