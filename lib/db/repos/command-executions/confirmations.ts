import 'server-only';
import { and, asc, eq, gte, inArray, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../index';
import { commandExecutions, type CommandConfirmation, type CommandExecution } from '../../schema';
import { selectExecutions } from './moves';

// The one telemetry read after EXECUTED that confirms a command's effect.

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
