import 'server-only';
import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../index';
import { commandExecutions, type CommandExecution, type CommandStatus, type LocalCommandStatus } from '../../schema';
import { selectExecutions } from './moves';

// What the command history and the status routes read.

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
