import 'server-only';
import { and, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../index';
import {
  commandExecutions,
  type CommandExecution,
  type CommandStatus,
  type LocalCommandStatus,
  type NewCommandExecution,
} from '../../schema';

// Forward-only moves shared by the send and the settler: each a conditional UPDATE on the state it leaves.

function settledAtFor(status: CommandStatus | null | undefined, now: Date): Date | null {
  return status === 'EXECUTED' || status === 'FAILED' ? now : null;
}

/** What the upstream says of an execution: its status, why it failed, and when it ran. */
export type UpstreamAnswer = {
  status: CommandStatus;
  failedReason?: string | null;
  executedAt?: Date | null;
  executedAtRaw?: string | null;
};

export type UpstreamOutcome = UpstreamAnswer & { upstreamExecutionId: string };

/** The columns an upstream answer sets, settling the record when the status is final. */
export function answerValues(answer: UpstreamAnswer, now: Date) {
  return {
    status: answer.status,
    failedReason: answer.failedReason ?? null,
    executedAt: answer.executedAt ?? null,
    executedAtRaw: answer.executedAtRaw ?? null,
    settledAt: settledAtFor(answer.status, now),
  };
}

/** The records that match `where`, for the caller to order and limit. */
export function selectExecutions(db: Db, where: SQL | undefined) {
  return db.select().from(commandExecutions).where(where);
}

/** Local states a record may still leave; SENT and REJECTED are final for the local side. */
export const OPEN_LOCAL_STATES: LocalCommandStatus[] = ['REQUESTING', 'UNKNOWN'];

/** Updates the record only while `condition` holds (each move is forward-only); undefined when it no longer held. */
export async function updateWhile(
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
