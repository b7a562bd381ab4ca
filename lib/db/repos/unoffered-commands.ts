import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../index';
import { unofferedCommands, type UnofferedCommand } from '../schema';

/** The service answered a framework 404 to this command: remembered (the latest press wins). */
export async function rememberUnofferedCommand(
  db: Db,
  input: { organizationId: string; command: string; vehicleId: string; upstreamRequestId?: string | null },
): Promise<void> {
  const values = { ...input, upstreamRequestId: input.upstreamRequestId ?? null, learnedAt: new Date() };
  await db
    .insert(unofferedCommands)
    .values(values)
    .onConflictDoUpdate({ target: [unofferedCommands.organizationId, unofferedCommands.command], set: values });
}

/** The service took the command after all (it offers it now). */
export async function forgetUnofferedCommand(db: Db, organizationId: string, command: string): Promise<void> {
  await db
    .delete(unofferedCommands)
    .where(and(eq(unofferedCommands.organizationId, organizationId), eq(unofferedCommands.command, command)));
}

export async function listUnofferedCommands(db: Db, organizationId: string): Promise<UnofferedCommand[]> {
  return db
    .select()
    .from(unofferedCommands)
    .where(eq(unofferedCommands.organizationId, organizationId))
    .orderBy(asc(unofferedCommands.command));
}
