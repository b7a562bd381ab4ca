import 'server-only';
import type { Db } from '@/lib/db';
import { claimConfirmations, listUnconfirmedExecutions, recordConfirmation, releaseConfirmation } from '@/lib/db/repos/command-executions';
import type { CommandExecution } from '@/lib/db/schema';
import { CONFIRMABLE_COMMANDS, judgeEffect } from '@/lib/commands/effect-confirmation';
import { CONSENT_MISSING } from '@/lib/contract/consent-scopes';
import { isVehicleApiError } from '@/lib/vehicle-api';
import type { ApiForOrganization } from './settle-commands';
import { publishExecutionChange } from './publish-execution-change';

export interface ConfirmOptions {
  /** How long after EXECUTED the telemetry is read: the vehicle reports its state a moment later. */
  delayMs: number;
  /** Executions settled longer ago than this are not read any more (a console that was down). */
  horizonMs?: number;
  batch?: number;
}

/**
 * The job `commands.confirm-effects`: once per executed command whose effect telemetry shows,
 * a little after EXECUTED, reads the vehicle's telemetry (one read per vehicle covers all its
 * commands) and records whether the data shows the effect. The read is claimed in the database,
 * so one instance does it; a failed read gives the claim back for a later run.
 */
export async function confirmCommandEffects(db: Db, apiFor: ApiForOrganization, now: Date, options: ConfirmOptions): Promise<number> {
  const records = await listUnconfirmedExecutions(db, {
    now,
    delayMs: options.delayMs,
    horizonMs: options.horizonMs ?? 60 * 60_000,
    commands: CONFIRMABLE_COMMANDS,
    limit: options.batch ?? 100,
  });
  const byVehicle = new Map<string, CommandExecution[]>();
  for (const record of records) {
    const key = `${record.organizationId}\n${record.vehicleId}`;
    byVehicle.set(key, [...(byVehicle.get(key) ?? []), record]);
  }
  let recorded = 0;
  for (const group of byVehicle.values()) {
    const claimed = await claimConfirmations(
      db,
      group.map((r) => r.id),
      now,
    );
    const mine = group.filter((r) => claimed.has(r.id));
    if (mine.length === 0) continue;
    const api = await apiFor(mine[0].organizationId).catch(() => undefined);
    try {
      if (!api) throw new Error('no client for the organization');
      const telemetry = await api.getTelemetry(mine[0].vehicleId);
      for (const record of mine) {
        await recordConfirmation(
          db,
          record.id,
          judgeEffect(record.command, record.arguments, telemetry.raw, record.executedAt ?? record.requestedAt),
        );
        await publishExecutionChange(record);
        recorded++;
      }
    } catch (error) {
      // Without the telemetry consent the data will never say: recorded as such, not retried.
      if (isVehicleApiError(error) && error.code === CONSENT_MISSING) {
        for (const record of mine) {
          await recordConfirmation(db, record.id, { confirmation: 'not_reported', confirmedAt: null });
          await publishExecutionChange(record);
        }
        recorded += mine.length;
      } else for (const record of mine) await releaseConfirmation(db, record.id);
    }
  }
  return recorded;
}
