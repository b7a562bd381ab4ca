import 'server-only';
import type { Db } from '@/lib/db';
import { listEnabledRules } from '@/lib/db/repos/notifications/rules';
import type { CommandExecution } from '@/lib/db/schema';
import { tellOpened, type DeliveryOptions } from './deliver-notification';

export type CommandOutcome = 'failed' | 'unknown';

/**
 * Tells the command rules of the execution's organization that it ended FAILED or with an unknown
 * outcome. Each rule tells each execution once, however many paths (a watcher, the settler, an
 * event, another instance) see the same move: the condition row decides.
 */
export async function notifyCommandOutcome(
  db: Db,
  execution: Pick<CommandExecution, 'id' | 'organizationId' | 'vehicleId' | 'command' | 'requestedBy'>,
  outcome: CommandOutcome,
  words: { commandLabel: string; reason?: string | null },
  options: DeliveryOptions = {},
): Promise<number> {
  const rules = await listEnabledRules(db, ['command_failed'], execution.organizationId);
  let told = 0;
  for (const rule of rules) {
    if (outcome === 'unknown' && !rule.params.includeUnknown) continue;
    const watched = rule.params.commands ?? [];
    if (watched.length > 0 && !watched.includes(execution.command)) continue;
    const delivery = await tellOpened(
      db,
      rule,
      { subject: `execution:${execution.id}`, condition: 'ended' },
      {
        title: outcome === 'failed' ? `${words.commandLabel} failed` : `${words.commandLabel}: outcome unknown`,
        body:
          outcome === 'failed'
            ? `The command failed on vehicle ${execution.vehicleId}${words.reason ? `: ${words.reason}` : '.'}`
            : `Nobody could say whether the command reached vehicle ${execution.vehicleId}. Check the vehicle before sending it again.`,
        vehicleId: execution.vehicleId,
        executionId: execution.id,
      },
      { ...options, senderId: execution.requestedBy },
    );
    told += delivery.inbox + delivery.mailed;
  }
  return told;
}
