import 'server-only';
import type { Db } from '@/lib/db';
import { listBulkConnectionsOfChecks } from '@/lib/db/repos/bulk-connections';
import { listEligibilityChecks } from '@/lib/db/repos/eligibility-checks';
import type { BulkConnection, EligibilityCheck } from '@/lib/db/schema';
import type { BulkOutcome } from '@/lib/eligibility/bulk-connect';
import { vinListState, type VinListState } from '@/lib/onboarding/onboarding-stage';
import { logger } from '@/lib/ops/log';
import type { VehicleApi } from '@/lib/vehicle-api';
import { refreshBulkConnection } from '@/lib/eligibility/server/connect-eligible-vehicles';
import { isSettled, refreshOpenChecks } from '@/lib/eligibility/server/refresh-check';

/** VIN lists followed per request, newest first. */
const LISTED_CHECKS = 100;
/** Running connection requests asked of the upstream per request (newest first); the others keep their stored state. */
const REFRESHED_CONNECTIONS = 20;

function toConnection(row: BulkConnection) {
  return {
    id: row.id,
    retryOf: row.retryOf,
    status: row.status,
    vinCount: row.vinCount,
    results: (row.results as BulkOutcome[] | null) ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Every bulk VIN list Motorpool sent (the service cannot list them), each with the stage it
 * reached: its running checks and connection requests are brought up to date first; one the
 * upstream cannot answer for keeps its stored state.
 */
export async function vinListOnboarding(
  db: Db,
  api: VehicleApi,
  organizationId: string,
): Promise<{ check: EligibilityCheck; state: VinListState }[]> {
  await refreshOpenChecks(db, api, organizationId);
  const checks = await listEligibilityChecks(db, organizationId, { limit: LISTED_CHECKS });
  const stored = await listBulkConnectionsOfChecks(
    db,
    organizationId,
    checks.map((c) => c.id),
  );
  const open = new Set(
    stored
      .filter((row) => !isSettled(row.status))
      .slice(-REFRESHED_CONNECTIONS)
      .map((row) => row.id),
  );
  const rows = await Promise.all(
    stored.map((row) =>
      open.has(row.id)
        ? refreshBulkConnection(db, api, row).catch((error: unknown) => {
            logger().error(
              { event: 'eligibility.bulk_connection_refresh_failed', bulkConnectionId: row.id, err: error },
              'bulk connection status refresh failed',
            );
            return row;
          })
        : row,
    ),
  );
  const byCheck = new Map<string | null, BulkConnection[]>();
  for (const row of rows) byCheck.set(row.eligibilityCheckId, [...(byCheck.get(row.eligibilityCheckId) ?? []), row]);
  return checks.map((check) => ({
    check,
    state: vinListState(
      {
        status: check.status,
        vinCount: check.vinCount,
        counts: check.counts,
        createdAt: check.createdAt.toISOString(),
        updatedAt: check.updatedAt.toISOString(),
        ineligible: check.ineligible,
        vinsKept: check.vins !== null,
      },
      (byCheck.get(check.id) ?? []).map(toConnection),
    ),
  }));
}
