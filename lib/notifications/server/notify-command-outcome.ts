import 'server-only';
import type { Db } from '@/lib/db';
import { listEnabledRules } from '@/lib/db/repos/notifications/rules';
import type { CommandExecution, NotificationRule } from '@/lib/db/schema';
import { logger } from '@/lib/ops/log';
import { isUrgent } from '../delivery-timing';
import { organizationApi, vehiclesInScope, type ScopeApiFor } from './rule-scope';
import { tellOpened, type DeliveryOptions } from './deliver-notification';

/** Whether the vehicle is in the rule's scope; when the scope cannot be read the outcome is told all the same. */
async function coversVehicle(db: Db, rule: NotificationRule, vehicleId: string, apiFor: ScopeApiFor): Promise<boolean> {
  try {
    const scope = await vehiclesInScope(db, rule.organizationId, rule.scope, apiFor, new Date(), vehicleId);
    return scope === null || scope.has(vehicleId);
  } catch (error) {
    logger().warn({ event: 'notifications.scope_failed', ruleId: rule.id, err: error }, 'a rule’s scope could not be read');
    return true;
  }
}

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
  options: DeliveryOptions & { apiFor?: ScopeApiFor } = {},
): Promise<number> {
  const rules = await listEnabledRules(db, ['command_failed'], execution.organizationId);
  let told = 0;
  for (const rule of rules) {
    if (outcome === 'unknown' && !rule.params.includeUnknown) continue;
    const watched = rule.params.commands ?? [];
    if (watched.length > 0 && !watched.includes(execution.command)) continue;
    if (!(await coversVehicle(db, rule, execution.vehicleId, options.apiFor ?? organizationApi))) continue;
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
        urgent: isUrgent(rule.kind),
      },
      { ...options, senderId: execution.requestedBy },
    );
    told += delivery.inbox + delivery.mailed;
  }
  return told;
}
