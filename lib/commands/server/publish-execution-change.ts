import 'server-only';
import type { CommandExecution } from '@/lib/db/schema';
import { publishChange } from '@/lib/live/server/publish-change';

/** Tells the organization's open pages that this execution changed (never throws). */
export function publishExecutionChange(record: Pick<CommandExecution, 'id' | 'organizationId' | 'vehicleId'>): Promise<void> {
  return publishChange(record.organizationId, { kind: 'command', vehicleId: record.vehicleId, executionId: record.id });
}
