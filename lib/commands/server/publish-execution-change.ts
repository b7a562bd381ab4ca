import 'server-only';
import { getDb } from '@/lib/db';
import { env } from '@/lib/env';
import { forgetSharedReads } from '@/lib/db/repos/shared-reads';
import type { CommandExecution } from '@/lib/db/schema';
import { publishChange } from '@/lib/live/server/publish-change';
import { logger } from '@/lib/ops/log';

/**
 * Tells the organization's open pages that this execution changed (never throws). A command may
 * change what the vehicle's sections show, so the instances' shared reads of the vehicle are
 * forgotten first: the pages' reads that follow ask the upstream.
 */
export async function publishExecutionChange(record: Pick<CommandExecution, 'id' | 'organizationId' | 'vehicleId'>): Promise<void> {
  // Reads are shared on PostgreSQL only; on PGlite this must not open a database the caller did not.
  if (env().DATABASE_URL)
    await forgetSharedReads(getDb(), record.organizationId, record.vehicleId).catch((error: unknown) =>
      logger().warn({ event: 'vehicle_api.shared_read_failed', err: error }, 'the shared reads of a commanded vehicle were not forgotten'),
    );
  return publishChange(record.organizationId, { kind: 'command', vehicleId: record.vehicleId, executionId: record.id });
}
