import 'server-only';
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../index';
import { RepositoryError } from '../errors';
import {
  commandExecutions,
  type CommandConfirmation,
  type CommandExecution,
  type CommandStatus,
  type LocalCommandStatus,
  type NewCommandExecution,
} from '../schema';

/*
 * The upstream may list no executions and does not know who sent one, so Motorpool keeps its own
 * record. It is written BEFORE the upstream call (REQUESTING) and completed AFTER it (SENT or
 * REJECTED): a crash in between leaves a REQUESTING row that reconcileInterrupted() turns into
 * UNKNOWN, which the settler may still recover from the upstream's list. Every move is
 * forward-only (a conditional UPDATE on the state it leaves). Nothing here deletes a record.
 */

type CommandRequest = {
  organizationId: string;
  vehicleId: string;
  command: string;
  arguments?: Record<string, unknown> | null;
  requestedBy: string | null;
};

const requestedValues = (input: CommandRequest & { idempotencyKey?: string | null }) => ({
  organizationId: input.organizationId,
  vehicleId: input.vehicleId,
  command: input.command,
  arguments: input.arguments ?? null,
  requestedBy: input.requestedBy,
  idempotencyKey: input.idempotencyKey ?? null,
  localStatus: 'REQUESTING' as const,
  requestedAt: new Date(),
  updatedAt: new Date(),
});

export async function recordCommandRequested(db: Db, input: CommandRequest): Promise<CommandExecution> {
  const [row] = await db.insert(commandExecutions).values(requestedValues(input)).returning();
  return row;
}

/**
 * Records a command under the browser's idempotency key, unless the organization already has a
 * record with that key: then that record is answered (`first: false`) and nothing is written.
 * The unique index decides between two concurrent requests, on one instance or several.
 */
export async function claimCommandRequest(
  db: Db,
  input: CommandRequest & { idempotencyKey: string },
): Promise<{ record: CommandExecution; first: boolean }> {
  const [row] = await db
    .insert(commandExecutions)
    .values(requestedValues(input))
    .onConflictDoNothing({ target: [commandExecutions.organizationId, commandExecutions.idempotencyKey] })
    .returning();
  if (row) return { record: row, first: true };
  const [earlier] = await selectExecutions(
    db,
    and(eq(commandExecutions.organizationId, input.organizationId), eq(commandExecutions.idempotencyKey, input.idempotencyKey)),
  ).limit(1);
  if (!earlier) throw new RepositoryError('NOT_FOUND', 'The command with this idempotency key disappeared.');
  return { record: earlier, first: false };
}

function settledAtFor(status: CommandStatus | null | undefined, now: Date): Date | null {
  return status === 'EXECUTED' || status === 'FAILED' ? now : null;
}

/** What the upstream says of an execution: its status, why it failed, and when it ran. */
type UpstreamAnswer = { status: CommandStatus; failedReason?: string | null; executedAt?: Date | null; executedAtRaw?: string | null };

type UpstreamOutcome = UpstreamAnswer & { upstreamExecutionId: string };

/** The columns an upstream answer sets, settling the record when the status is final. */
function answerValues(answer: UpstreamAnswer, now: Date) {
  return {
    status: answer.status,
    failedReason: answer.failedReason ?? null,
    executedAt: answer.executedAt ?? null,
    executedAtRaw: answer.executedAtRaw ?? null,
    settledAt: settledAtFor(answer.status, now),
  };
}

/** The records that match `where`, for the caller to order and limit. */
function selectExecutions(db: Db, where: SQL | undefined) {
  return db.select().from(commandExecutions).where(where);
}

/** Local states a record may still leave; SENT and REJECTED are final for the local side. */
const OPEN_LOCAL_STATES: LocalCommandStatus[] = ['REQUESTING', 'UNKNOWN'];

/** Updates the record only while `condition` holds (each move is forward-only); undefined when it no longer held. */
async function updateWhile(
  db: Db,
  id: string,
  condition: SQL | undefined,
  values: Partial<NewCommandExecution>,
): Promise<CommandExecution | undefined> {
  const [row] = await db
    .update(commandExecutions)
    .set(values)
    .where(and(eq(commandExecutions.id, id), condition))
    .returning();
  return row;
}

/**
 * The upstream accepted the command and returned its execution. A record already SENT or
 * REJECTED is left as it is (and returned): a late or repeated write never moves it backwards.
 * An UNKNOWN record may still move to SENT when its execution turns up.
 */
export async function recordCommandSent(
  db: Db,
  id: string,
  result: UpstreamAnswer & {
    upstreamExecutionId: string | null;
    upstreamRequestId?: string | null;
    /** Accepted, but its outcome cannot be followed (no execution id): kept as UNKNOWN with this code. */
    outcomeUnknownCode?: string;
  },
): Promise<CommandExecution> {
  const now = new Date();
  const row = await updateWhile(db, id, inArray(commandExecutions.localStatus, OPEN_LOCAL_STATES), {
    localStatus: result.outcomeUnknownCode ? 'UNKNOWN' : 'SENT',
    upstreamExecutionId: result.upstreamExecutionId,
    ...answerValues(result, now),
    errorCode: result.outcomeUnknownCode ?? null,
    upstreamRequestId: result.upstreamRequestId ?? null,
    updatedAt: now,
  });
  return row ?? existing(db, id);
}

/** The call's answer (or its failure) moves a REQUESTING record on; one already moved is returned as it stands. */
async function leaveRequesting(db: Db, id: string, values: Partial<NewCommandExecution>): Promise<CommandExecution> {
  return (await updateWhile(db, id, eq(commandExecutions.localStatus, 'REQUESTING'), values)) ?? existing(db, id);
}

async function existing(db: Db, id: string): Promise<CommandExecution> {
  const row = await getCommandExecutionById(db, id);
  if (!row) throw new RepositoryError('NOT_FOUND', 'No such command execution.');
  return row;
}

type CallFailure = { errorCode: string; upstreamRequestId?: string | null };

/** What a failed call leaves on the record, refused or without an answer: its error code and the upstream's request id. */
function failureValues(result: CallFailure, now: Date): Partial<NewCommandExecution> {
  return { errorCode: result.errorCode, upstreamRequestId: result.upstreamRequestId ?? null, updatedAt: now };
}

/** The upstream refused the command (an error response), or the call failed before an answer. */
export async function recordCommandRejected(
  db: Db,
  id: string,
  result: CallFailure & { upstreamExecutionId?: string | null },
): Promise<CommandExecution> {
  const now = new Date();
  return leaveRequesting(db, id, {
    localStatus: 'REJECTED',
    ...failureValues(result, now),
    upstreamExecutionId: result.upstreamExecutionId ?? null,
    settledAt: now,
  });
}

/**
 * The call failed without an answer (time-out, network): the command may or may not have
 * reached the vehicle, so the record says UNKNOWN rather than refused.
 */
export async function recordCommandOutcomeUnknown(db: Db, id: string, result: CallFailure): Promise<CommandExecution> {
  return leaveRequesting(db, id, { localStatus: 'UNKNOWN', ...failureValues(result, new Date()) });
}

/**
 * A status read from the upstream while polling. A settled execution stays settled: a late
 * PENDING answer never overwrites EXECUTED or FAILED.
 */
export async function updateCommandStatus(db: Db, id: string, update: UpstreamAnswer): Promise<CommandExecution | undefined> {
  const now = new Date();
  const row = await updateWhile(db, id, sql`(${commandExecutions.status} is null or ${commandExecutions.status} = 'PENDING')`, {
    ...answerValues(update, now),
    updatedAt: now,
  });
  return row ?? getCommandExecutionById(db, id);
}

export async function getCommandExecutionById(db: Db, id: string): Promise<CommandExecution | undefined> {
  const [row] = await selectExecutions(db, eq(commandExecutions.id, id)).limit(1);
  return row;
}

/** Several of an organization's records at once (a bulk job's executions), in chunks of 1,000 ids. */
export async function getCommandExecutionsByIds(db: Db, organizationId: string, ids: readonly string[]): Promise<CommandExecution[]> {
  const rows: CommandExecution[] = [];
  for (let i = 0; i < ids.length; i += 1_000) {
    rows.push(
      ...(await db
        .select()
        .from(commandExecutions)
        .where(and(eq(commandExecutions.organizationId, organizationId), inArray(commandExecutions.id, ids.slice(i, i + 1_000))))),
    );
  }
  return rows;
}

export async function getCommandExecution(db: Db, organizationId: string, id: string): Promise<CommandExecution | undefined> {
  const [row] = await selectExecutions(db, and(eq(commandExecutions.organizationId, organizationId), eq(commandExecutions.id, id))).limit(
    1,
  );
  return row;
}

export async function findCommandExecutionByUpstreamId(
  db: Db,
  organizationId: string,
  upstreamExecutionId: string,
): Promise<CommandExecution | undefined> {
  const [row] = await selectExecutions(
    db,
    and(eq(commandExecutions.organizationId, organizationId), eq(commandExecutions.upstreamExecutionId, upstreamExecutionId)),
  )
    .orderBy(desc(commandExecutions.requestedAt))
    .limit(1);
  return row;
}

export interface CommandExecutionFilter {
  organizationId: string;
  vehicleId?: string;
  command?: string;
  requestedBy?: string;
  status?: CommandStatus[];
  localStatus?: LocalCommandStatus[];
  from?: Date;
  to?: Date;
  /** Requested strictly before this record (keyset paging): pass the last row of a page. */
  before?: { requestedAt: Date; id: string };
  /** 1 to 1000, default 50. */
  limit?: number;
}

/** Newest first. */
export async function listCommandExecutions(db: Db, filter: CommandExecutionFilter): Promise<CommandExecution[]> {
  const limit = Math.min(Math.max(Math.trunc(filter.limit ?? 50), 1), 1000);
  const conditions: SQL[] = [eq(commandExecutions.organizationId, filter.organizationId)];
  if (filter.vehicleId) conditions.push(eq(commandExecutions.vehicleId, filter.vehicleId));
  if (filter.command) conditions.push(eq(commandExecutions.command, filter.command));
  if (filter.requestedBy) conditions.push(eq(commandExecutions.requestedBy, filter.requestedBy));
  if (filter.status?.length) conditions.push(inArray(commandExecutions.status, filter.status));
  if (filter.localStatus?.length) conditions.push(inArray(commandExecutions.localStatus, filter.localStatus));
  if (filter.from) conditions.push(gte(commandExecutions.requestedAt, filter.from));
  if (filter.to) conditions.push(lt(commandExecutions.requestedAt, filter.to));
  if (filter.before) {
    conditions.push(
      sql`(${commandExecutions.requestedAt}, ${commandExecutions.id}) < (${filter.before.requestedAt.toISOString()}::timestamptz, ${filter.before.id}::uuid)`,
    );
  }
  return selectExecutions(db, and(...conditions))
    .orderBy(desc(commandExecutions.requestedAt), desc(commandExecutions.id))
    .limit(limit);
}

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
): Promise<void> {
  const existing = await findByUpstreamIds(db, input.organizationId, [input.upstreamExecutionId]);
  if (existing.length > 0) return;
  const now = new Date();
  await db
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
    .onConflictDoNothing();
}

/**
 * EXECUTED commands whose effect the vehicle's data should show, settled at least `delayMs` ago
 * (and not longer than `horizonMs`), whose telemetry nobody read yet.
 */
export async function listUnconfirmedExecutions(
  db: Db,
  options: { now: Date; delayMs: number; horizonMs: number; commands: readonly string[]; limit: number },
): Promise<CommandExecution[]> {
  const e = commandExecutions;
  return selectExecutions(
    db,
    and(
      eq(e.status, 'EXECUTED'),
      inArray(e.command, [...options.commands]),
      isNull(e.confirmationCheckedAt),
      lte(e.settledAt, new Date(options.now.getTime() - options.delayMs)),
      gte(e.settledAt, new Date(options.now.getTime() - options.horizonMs)),
    ),
  )
    .orderBy(asc(e.settledAt))
    .limit(options.limit);
}

/** Claims the one telemetry read of an execution; the caller that wins reads, the others skip it. */
export async function claimConfirmations(db: Db, ids: readonly string[], now: Date): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  // One statement for all of a vehicle's executions: concurrent callers meet its rows in the same
  // order, so one of them takes them all and reads the vehicle's data once.
  const rows = await db
    .update(commandExecutions)
    .set({ confirmationCheckedAt: now })
    .where(and(inArray(commandExecutions.id, [...ids]), isNull(commandExecutions.confirmationCheckedAt)))
    .returning({ id: commandExecutions.id });
  return new Set(rows.map((r) => r.id));
}

/** The telemetry could not be read: the claim is given back, for a later run. */
export async function releaseConfirmation(db: Db, id: string): Promise<void> {
  await db
    .update(commandExecutions)
    .set({ confirmationCheckedAt: null })
    .where(and(eq(commandExecutions.id, id), isNull(commandExecutions.confirmation)));
}

export async function recordConfirmation(
  db: Db,
  id: string,
  result: { confirmation: CommandConfirmation; confirmedAt: Date | null },
): Promise<void> {
  await db
    .update(commandExecutions)
    .set({ confirmation: result.confirmation, confirmedAt: result.confirmedAt, updatedAt: new Date() })
    .where(eq(commandExecutions.id, id));
}

/** A `command.updated` event told about this execution: the settler leaves it to events for a while. */
export async function recordCommandEventSeen(db: Db, id: string, at: Date): Promise<void> {
  await db.update(commandExecutions).set({ eventAt: at }).where(eq(commandExecutions.id, id));
}
