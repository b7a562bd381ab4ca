import 'server-only';
import type { Org } from '@/lib/org/org-access';
import { orgVehicleApi } from '@/lib/org/org-vehicle-api';
import { getDb, type Db } from '@/lib/db';
import { listCommandExecutions, type CommandExecutionFilter } from '@/lib/db/repos/command-executions';
import { memberEmails } from '@/lib/members/server/member-emails';
import type { CommandHistoryQuery } from '@/lib/commands/history-schemas';
import { toExecutionView, type ExecutionView } from '@/lib/commands/execution-view';
import { knownMissingList, syncVehicleExecutions, type UpstreamListState } from './sync-vehicle-executions';

const STATE_FILTERS: Record<NonNullable<CommandHistoryQuery['state']>, Pick<CommandExecutionFilter, 'status' | 'localStatus'>> = {
  pending: { status: ['PENDING'], localStatus: ['SENT'] },
  executed: { status: ['EXECUTED'] },
  failed: { status: ['FAILED'] },
  rejected: { localStatus: ['REJECTED'] },
  unknown: { localStatus: ['UNKNOWN', 'REQUESTING'] },
};

/** Keyset cursor: the last row's time and id. */
export function encodeCursor(view: Pick<ExecutionView, 'requestedAt' | 'id'>): string {
  return Buffer.from(`${view.requestedAt}|${view.id}`).toString('base64url');
}

function decodeCursor(cursor: string | undefined): CommandExecutionFilter['before'] {
  if (!cursor) return undefined;
  const [time, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const requestedAt = new Date(time ?? '');
  if (!id || Number.isNaN(requestedAt.getTime()) || !/^[0-9a-f-]{36}$/.test(id)) return undefined;
  return { requestedAt, id };
}

export async function commandHistory(
  db: Db,
  organizationId: string,
  query: Partial<CommandHistoryQuery> & { limit: number },
): Promise<{ executions: ExecutionView[]; nextCursor: string | null }> {
  const emails = await memberEmails(db, organizationId);
  const userId = query.user ? [...emails].find(([, email]) => email === query.user!.toLowerCase())?.[0] : undefined;
  if (query.user && !userId) return { executions: [], nextCursor: null };
  const rows = await listCommandExecutions(db, {
    organizationId,
    vehicleId: query.vehicleId,
    command: query.command,
    requestedBy: userId,
    ...(query.state ? STATE_FILTERS[query.state] : {}),
    from: query.from,
    to: query.to,
    before: decodeCursor(query.before),
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const known = await memberEmails(
    db,
    organizationId,
    page.map((row) => row.requestedBy),
  );
  const executions = page.map((row) => toExecutionView(row, known));
  const last = executions[executions.length - 1];
  return { executions, nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null };
}

/**
 * The organization's command history, or one vehicle's. A vehicle's first page is first reconciled
 * with the service's list of its executions (one upstream call): outcomes of lost answers, and
 * commands sent outside Motorpool, which then show in the fleet's history too. An organization that
 * switched polling off takes its own sends' outcomes from events only: the list does not settle
 * them (it would race the event, and hide a failing event route). The answer says
 * whether the service's list was included, is not offered, or could not be read this time.
 */
export async function listCommandHistory(org: Org, query: CommandHistoryQuery, vehicleId?: string) {
  const db = getDb();
  const api = await orgVehicleApi(org);
  let upstreamList: UpstreamListState = knownMissingList(api) ?? { state: 'included' };
  if (vehicleId && !query.before)
    upstreamList = await syncVehicleExecutions(db, api, org.id, vehicleId, { settleSent: org.commandPolling });
  const page = await commandHistory(db, org.id, vehicleId ? { ...query, vehicleId } : query);
  return { ...page, upstreamList };
}
