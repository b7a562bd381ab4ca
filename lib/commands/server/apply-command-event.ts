import 'server-only';
import type { Db } from '@/lib/db';
import { findCommandExecutionByUpstreamId, recordCommandEventSeen } from '@/lib/db/repos/command-executions';
import { applyUpstreamExecution } from './check-execution-status';

/**
 * A pushed `command.updated`: the same state machine as polling, forward only, a settled
 * execution never moved again. `unknown`: no execution with this id for that vehicle (yet: the
 * event may overtake the answer to the send that created it).
 */
export async function applyCommandEvent(
  db: Db,
  organizationId: string,
  event: { id: string; deviceId: string; status: string; failedReason?: string | null },
  now: Date,
): Promise<'applied' | 'settled' | 'unknown'> {
  const record = await findCommandExecutionByUpstreamId(db, organizationId, event.id);
  if (!record || record.vehicleId !== event.deviceId) return 'unknown';
  await recordCommandEventSeen(db, record.id, now);
  if (record.settledAt) return 'settled';
  await applyUpstreamExecution(db, record, { status: event.status, failedReason: event.failedReason });
  return 'applied';
}
