import 'server-only';
import type { Db } from '@/lib/db';
import { listCommandExecutions, type CommandExecutionFilter } from '@/lib/db/repos/command-executions';
import { listMembers } from '@/lib/db/repos/memberships';
import type { CommandHistoryQuery } from '@/lib/validations/command-history';
import { toExecutionView, type ExecutionView } from './execution-view';

const EMAILS_TTL_MS = 10_000;
const emailCache = new Map<string, { at: number; emails: Promise<Map<string, string>> }>();

/**
 * user id → email of the organization's members, to say who sent each command. Remembered for
 * ten seconds: every status poll needs it, and a stale email only mislabels a row briefly.
 */
export async function memberEmails(db: Db, organizationId: string, mustInclude: (string | null)[] = [], now = Date.now()): Promise<Map<string, string>> {
  const hit = emailCache.get(organizationId);
  if (hit && now - hit.at < EMAILS_TTL_MS) {
    const emails = await hit.emails;
    // Someone who joined since the list was read is worth one fresh read.
    if (mustInclude.every((id) => id === null || emails.has(id))) return emails;
  }
  const emails = listMembers(db, organizationId).then((members) => new Map(members.map((m) => [m.userId, m.email])));
  emailCache.set(organizationId, { at: now, emails });
  emails.catch(() => emailCache.delete(organizationId));
  return emails;
}

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
  const known = await memberEmails(db, organizationId, page.map((row) => row.requestedBy));
  const executions = page.map((row) => toExecutionView(row, known));
  const last = executions[executions.length - 1];
  return { executions, nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null };
}
