import 'server-only';
import { and, desc, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../index';
import { RepositoryError } from '../errors';
import { commandExecutions, type CommandExecution, type CommandStatus, type LocalCommandStatus } from '../schema';

/*
 * The upstream lists no executions and does not know who sent one, so Motorpool keeps its own
 * record. It is written BEFORE the upstream call (REQUESTING) and completed AFTER it (SENT or
 * REJECTED): a crash in between leaves a REQUESTING row that reconcileInterrupted() turns into
 * UNKNOWN. Nothing here deletes a record.
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
  const [earlier] = await db
    .select()
    .from(commandExecutions)
    .where(and(eq(commandExecutions.organizationId, input.organizationId), eq(commandExecutions.idempotencyKey, input.idempotencyKey)))
    .limit(1);
  if (!earlier) throw new RepositoryError('NOT_FOUND', 'The command with this idempotency key disappeared.');
  return { record: earlier, first: false };
}

function settledAtFor(status: CommandStatus | null | undefined, now: Date): Date | null {
  return status === 'EXECUTED' || status === 'FAILED' ? now : null;
}

/** Local states a record may still leave; SENT and REJECTED are final for the local side. */
const OPEN_LOCAL_STATES: LocalCommandStatus[] = ['REQUESTING', 'UNKNOWN'];

/**
 * The upstream accepted the command and returned its execution. A record already SENT or
 * REJECTED is left as it is (and returned): a late or repeated write never moves it backwards.
 * An UNKNOWN record may still move to SENT when its execution turns up.
 */
export async function recordCommandSent(
  db: Db,
  id: string,
  result: {
    upstreamExecutionId: string | null;
    status: CommandStatus;
    failedReason?: string | null;
    upstreamRequestId?: string | null;
    executedAt?: Date | null;
    executedAtRaw?: string | null;
    /** Accepted, but its outcome cannot be followed (no execution id): kept as UNKNOWN with this code. */
    outcomeUnknownCode?: string;
  },
): Promise<CommandExecution> {
  const now = new Date();
  const [row] = await db
    .update(commandExecutions)
    .set({
      localStatus: result.outcomeUnknownCode ? 'UNKNOWN' : 'SENT',
      upstreamExecutionId: result.upstreamExecutionId,
      status: result.status,
      failedReason: result.failedReason ?? null,
      errorCode: result.outcomeUnknownCode ?? null,
      upstreamRequestId: result.upstreamRequestId ?? null,
      executedAt: result.executedAt ?? null,
      executedAtRaw: result.executedAtRaw ?? null,
      settledAt: settledAtFor(result.status, now),
      updatedAt: now,
    })
    .where(and(eq(commandExecutions.id, id), inArray(commandExecutions.localStatus, OPEN_LOCAL_STATES)))
    .returning();
  return row ?? existing(db, id);
}

async function existing(db: Db, id: string): Promise<CommandExecution> {
  const row = await getCommandExecutionById(db, id);
  if (!row) throw new RepositoryError('NOT_FOUND', 'No such command execution.');
  return row;
}

/** The upstream refused the command (an error response), or the call failed before an answer. */
export async function recordCommandRejected(
  db: Db,
  id: string,
  result: { errorCode: string; upstreamRequestId?: string | null; upstreamExecutionId?: string | null },
): Promise<CommandExecution> {
  const now = new Date();
  const [row] = await db
    .update(commandExecutions)
    .set({
      localStatus: 'REJECTED',
      errorCode: result.errorCode,
      upstreamRequestId: result.upstreamRequestId ?? null,
      upstreamExecutionId: result.upstreamExecutionId ?? null,
      settledAt: now,
      updatedAt: now,
    })
    .where(and(eq(commandExecutions.id, id), eq(commandExecutions.localStatus, 'REQUESTING')))
    .returning();
  return row ?? existing(db, id);
}

/**
 * The call failed without an answer (time-out, network): the command may or may not have
 * reached the vehicle, so the record says UNKNOWN rather than refused.
 */
export async function recordCommandOutcomeUnknown(
  db: Db,
  id: string,
  result: { errorCode: string; upstreamRequestId?: string | null },
): Promise<CommandExecution> {
  const now = new Date();
  const [row] = await db
    .update(commandExecutions)
    .set({ localStatus: 'UNKNOWN', errorCode: result.errorCode, upstreamRequestId: result.upstreamRequestId ?? null, updatedAt: now })
    .where(and(eq(commandExecutions.id, id), eq(commandExecutions.localStatus, 'REQUESTING')))
    .returning();
  return row ?? existing(db, id);
}

/**
 * A status read from the upstream while polling. A settled execution stays settled: a late
 * PENDING answer never overwrites EXECUTED or FAILED.
 */
export async function updateCommandStatus(
  db: Db,
  id: string,
  update: { status: CommandStatus; failedReason?: string | null; executedAt?: Date | null; executedAtRaw?: string | null },
): Promise<CommandExecution | undefined> {
  const now = new Date();
  const [row] = await db
    .update(commandExecutions)
    .set({
      status: update.status,
      failedReason: update.failedReason ?? null,
      executedAt: update.executedAt ?? null,
      executedAtRaw: update.executedAtRaw ?? null,
      settledAt: settledAtFor(update.status, now),
      updatedAt: now,
    })
    .where(and(eq(commandExecutions.id, id), sql`(${commandExecutions.status} is null or ${commandExecutions.status} = 'PENDING')`))
    .returning();
  return row ?? (await getCommandExecutionById(db, id));
}

export async function getCommandExecutionById(db: Db, id: string): Promise<CommandExecution | undefined> {
  const [row] = await db.select().from(commandExecutions).where(eq(commandExecutions.id, id)).limit(1);
  return row;
}

export async function getCommandExecution(db: Db, organizationId: string, id: string): Promise<CommandExecution | undefined> {
  const [row] = await db
    .select()
    .from(commandExecutions)
    .where(and(eq(commandExecutions.organizationId, organizationId), eq(commandExecutions.id, id)))
    .limit(1);
  return row;
}

export async function findCommandExecutionByUpstreamId(
  db: Db,
  organizationId: string,
  upstreamExecutionId: string,
): Promise<CommandExecution | undefined> {
  const [row] = await db
    .select()
    .from(commandExecutions)
    .where(and(eq(commandExecutions.organizationId, organizationId), eq(commandExecutions.upstreamExecutionId, upstreamExecutionId)))
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
  return db
    .select()
    .from(commandExecutions)
    .where(and(...conditions))
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
