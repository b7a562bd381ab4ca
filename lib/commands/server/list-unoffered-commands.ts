import 'server-only';
import type { Org } from '@/lib/org/org-access';
import type { UnofferedCommandView } from '@/lib/commands/command-availability';
import { getDb } from '@/lib/db';
import { listUnofferedCommands } from '@/lib/db/repos/unoffered-commands';

/** What the organization's service said it does not offer, for the command panel's buttons. */
export async function listUnofferedCommandsOf(org: Org): Promise<{ commands: UnofferedCommandView[] }> {
  const rows = await listUnofferedCommands(getDb(), org.id);
  return {
    commands: rows.map((row) => ({
      command: row.command,
      vehicleId: row.vehicleId,
      upstreamRequestId: row.upstreamRequestId,
      learnedAt: row.learnedAt.toISOString(),
    })),
  };
}
