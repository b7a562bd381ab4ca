import 'server-only';
import { and, asc, eq, gte, inArray, isNull, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../index';
import { commandExecutions, type CommandExecution, type NewCommandExecution } from '../../schema';
import { answerValues, OPEN_LOCAL_STATES, selectExecutions, updateWhile, type UpstreamOutcome } from './moves';

// The settler: interrupted and unknown records recovered, open ones asked about, timed out, imported or left to events.

/**
 * Marks records left REQUESTING by a crash as UNKNOWN (the command may or may not have reached
 * the vehicle; the upstream cannot be asked without its id). Only records requested at or
 * before `before` are touched: on a shared PostgreSQL, another instance may be mid-call right now, so
 * the caller passes a cut-off older than the longest upstream call.
 */
export async function reconcileInterrupted(db: Db, options: { before?: Date } = {}): Promise<number> {
  const before = options.before ?? new Date();
  const now = new Date();
  const rows = await db
    .update(commandExecutions)
    .set({ localStatus: 'UNKNOWN', errorCode: 'INTERRUPTED', updatedAt: now })
    .where(and(eq(commandExecutions.localStatus, 'REQUESTING'), lte(commandExecutions.requestedAt, before)))
    .returning({ id: commandExecutions.id });
  return rows.length;
}

/**
 * Claims the right to ask the upstream about one execution now: a conditional UPDATE that only one
 * caller wins per `intervalMs`, on one instance or several sharing the database.
 */
export async function claimStatusCheck(db: Db, id: string, now: Date, intervalMs: number): Promise<boolean> {
  const rows = await db
    .update(commandExecutions)
    .set({ statusCheckedAt: now })
    .where(
      and(
        eq(commandExecutions.id, id),
        or(isNull(commandExecutions.statusCheckedAt), lte(commandExecutions.statusCheckedAt, new Date(now.getTime() - intervalMs))),
      ),
    )
    .returning({ id: commandExecutions.id });
  return rows.length > 0;
}

/**
 * Executions still moving that nobody asked about for `intervalMs`: pending ones the upstream can
 * be asked about, and those whose outcome is unknown, requested since `unknownSince`. Least
 * recently checked first, all organizations.
 */
export async function listUnsettledExecutions(
  db: Db,
  options: { now: Date; intervalMs: number; unknownSince: Date; limit: number },
): Promise<CommandExecution[]> {
  const e = commandExecutions;
  return selectExecutions(
    db,
    and(
      isNull(e.settledAt),
      or(isNull(e.statusCheckedAt), lte(e.statusCheckedAt, new Date(options.now.getTime() - options.intervalMs))),
      or(
        and(eq(e.localStatus, 'SENT'), eq(e.status, 'PENDING'), sql`${e.upstreamExecutionId} is not null`),
        and(eq(e.localStatus, 'UNKNOWN'), gte(e.requestedAt, options.unknownSince)),
      ),
    ),
  )
    .orderBy(sql`${e.statusCheckedAt} asc nulls first`, asc(e.requestedAt))
    .limit(options.limit);
}

/** The open records of one vehicle (sent but not answered, or outcome unknown) that an upstream execution may belong to. */
export async function listOpenRecordsOfVehicle(
  db: Db,
  organizationId: string,
  vehicleId: string,
  since: Date,
): Promise<CommandExecution[]> {
  const e = commandExecutions;
  return selectExecutions(
    db,
    and(
      eq(e.organizationId, organizationId),
      eq(e.vehicleId, vehicleId),
      inArray(e.localStatus, OPEN_LOCAL_STATES),
      gte(e.requestedAt, since),
    ),
  ).orderBy(asc(e.requestedAt));
}

/** The records of one vehicle that hold any of these upstream ids. */
export async function findByUpstreamIds(db: Db, organizationId: string, upstreamIds: string[]): Promise<CommandExecution[]> {
  if (upstreamIds.length === 0) return [];
  return selectExecutions(
    db,
    and(eq(commandExecutions.organizationId, organizationId), inArray(commandExecutions.upstreamExecutionId, upstreamIds)),
  );
}

/** Reconciliation moves an UNKNOWN record on, while it is still UNKNOWN and `condition` holds. */
function leaveUnknown(
  db: Db,
  id: string,
  condition: SQL | undefined,
  values: Partial<NewCommandExecution>,
): Promise<CommandExecution | undefined> {
  return updateWhile(db, id, and(eq(commandExecutions.localStatus, 'UNKNOWN'), condition), values);
}

/**
 * An execution whose answer was lost (UNKNOWN) found in the upstream's list: it moves to SENT with
 * the upstream's id and status. `errorCode` keeps what happened to the answer. Only an UNKNOWN
 * record moves, and only to an id no other record of the organization holds.
 */
export async function recordCommandRecovered(db: Db, id: string, outcome: UpstreamOutcome): Promise<CommandExecution | undefined> {
  const now = new Date();
  return leaveUnknown(
    db,
    id,
    // Spelled out: inside the subquery an unqualified column would name `other`'s.
    sql`not exists (select 1 from command_executions other where other.organization_id = command_executions.organization_id and other.upstream_execution_id = ${outcome.upstreamExecutionId})`,
    { localStatus: 'SENT', upstreamExecutionId: outcome.upstreamExecutionId, ...answerValues(outcome, now), updatedAt: now },
  );
}

/**
 * An UNKNOWN record the upstream's list shows no trace of, long after it was sent: the command
 * never reached the service. Only records whose answer was lost before any 2xx move (never `accepted` codes):
 * a command the upstream accepted is never recorded as refused.
 */
export async function recordCommandNotReceived(
  db: Db,
  id: string,
  codes: { notReceived: string; accepted: readonly string[] },
): Promise<CommandExecution | undefined> {
  const now = new Date();
  return leaveUnknown(
    db,
    id,
    and(
      isNull(commandExecutions.upstreamExecutionId),
      sql`${commandExecutions.errorCode} is not null`,
      notInArray(commandExecutions.errorCode, [...codes.accepted]),
    ),
    { localStatus: 'REJECTED', errorCode: codes.notReceived, settledAt: now, updatedAt: now },
  );
}

/** Still PENDING past the contract's time-out: ended as timed out, as the contract says the service does. */
export async function recordCommandTimedOut(db: Db, id: string, errorCode: string): Promise<CommandExecution | undefined> {
  const now = new Date();
  return updateWhile(db, id, eq(commandExecutions.status, 'PENDING'), {
    status: 'FAILED',
    failedReason: 'OEM_COMMAND_TIMEOUT',
    errorCode,
    settledAt: now,
    updatedAt: now,
  });
}

/**
 * An execution another client of the service sent, seen in the upstream's list: kept once per
 * organization (the partial unique index decides between instances), never over a record that
 * already holds its id.
 */
export async function importExternalExecution(
  db: Db,
  input: { organizationId: string; vehicleId: string; command: string; arguments: Record<string, unknown> | null } & UpstreamOutcome,
): Promise<CommandExecution | undefined> {
  const existing = await findByUpstreamIds(db, input.organizationId, [input.upstreamExecutionId]);
  if (existing.length > 0) return undefined;
  const now = new Date();
  const [row] = await db
    .insert(commandExecutions)
    .values({
      organizationId: input.organizationId,
      vehicleId: input.vehicleId,
      command: input.command,
      arguments: input.arguments,
      requestedBy: null,
      origin: 'external',
      localStatus: 'SENT',
      upstreamExecutionId: input.upstreamExecutionId,
      ...answerValues(input, now),
      requestedAt: input.executedAt ?? now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** A `command.updated` event told about this execution: the settler leaves it to events for a while. */
export async function recordCommandEventSeen(db: Db, id: string, at: Date): Promise<void> {
  await db.update(commandExecutions).set({ eventAt: at }).where(eq(commandExecutions.id, id));
}
