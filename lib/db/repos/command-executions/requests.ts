import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../index';
import { RepositoryError } from '../../errors';
import { commandExecutions, type CommandExecution, type NewCommandExecution } from '../../schema';
import { answerValues, OPEN_LOCAL_STATES, selectExecutions, updateWhile, type UpstreamAnswer } from './moves';
import { getCommandExecutionById } from './reads';

// The send: recorded REQUESTING before the upstream call, moved to SENT or REJECTED after it.

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
