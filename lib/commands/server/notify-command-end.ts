import 'server-only';
import type { Db } from '@/lib/db';
import type { CommandExecution } from '@/lib/db/schema';
import { commandLabel } from '@/lib/commands/catalog';
import { explainFailedReason } from '@/lib/contract/failed-reason-text';
import { notifyCommandOutcome, type CommandOutcome } from '@/lib/notifications/server/notify-command-outcome';
import { safely } from '@/lib/notifications/server/deliver-notification';

/**
 * Hands a command that reached a final state it should be told about (FAILED, or an outcome
 * nobody knows) to the notification rules, in Motorpool's words; never fails the caller's path.
 */
export function notifyCommandEnd(db: Db, execution: CommandExecution, outcome: CommandOutcome): Promise<void> {
  const reason = outcome === 'failed' && execution.failedReason ? explainFailedReason(execution.failedReason).title : null;
  return safely(
    (database) => notifyCommandOutcome(database, execution, outcome, { commandLabel: commandLabel(execution.command), reason }),
    db,
  );
}
