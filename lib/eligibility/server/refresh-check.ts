import 'server-only';
import type { Db } from '@/lib/db';
import { listOpenEligibilityChecks, SETTLED_CHECK_STATUSES, updateEligibilityCheck } from '@/lib/db/repos/eligibility-checks';
import type { EligibilityCheck } from '@/lib/db/schema';
import { deriveCheckStatus } from '@/lib/eligibility/derive-check-status';
import { isIneligibleStatus, type IneligibleRow } from '@/lib/eligibility/statuses';
import { logger } from '@/lib/ops/log';
import { paginateNumbered, type VehicleApi } from '@/lib/vehicle-api';

export const isSettled = (status: string) => (SETTLED_CHECK_STATUSES as readonly string[]).includes(status);

/** However many pollers, a check's status is asked of the upstream at most once a second. */
const MIN_REFRESH_MS = 1_000;
const inFlight = new Map<string, Promise<EligibilityCheck>>();

async function tally(
  api: Pick<VehicleApi, 'getEligibilityResults'>,
  upstreamId: string,
): Promise<{ counts: Record<string, number>; ineligible: IneligibleRow[] }> {
  const counts: Record<string, number> = {};
  const ineligible: IneligibleRow[] = [];
  for await (const page of paginateNumbered((p) => api.getEligibilityResults(upstreamId, p))) {
    for (const result of page.data.results) {
      const status = result.status ?? 'UNKNOWN';
      counts[status] = (counts[status] ?? 0) + 1;
      if (isIneligibleStatus(status)) {
        ineligible.push({
          rowId: result.rowId === null || result.rowId === undefined ? null : String(result.rowId),
          vin: result.vin ?? null,
          status,
          reason: result.errorMessage ?? null,
        });
      }
    }
  }
  return { counts, ineligible };
}

/**
 * Brings a kept check up to date with the upstream. The service has no status endpoint for a
 * check: its status is derived from its results, whose per-status counts are kept with it, so a
 * settled check's list row never pages through results again.
 */
export function refreshCheck(
  db: Db,
  api: Pick<VehicleApi, 'getEligibilityResults'>,
  check: EligibilityCheck,
  now = Date.now(),
): Promise<EligibilityCheck> {
  if (isSettled(check.status) || now - check.updatedAt.getTime() < MIN_REFRESH_MS) return Promise.resolve(check);
  const running = inFlight.get(check.id);
  if (running) return running;
  const work = (async () => {
    const { counts, ineligible } = await tally(api, check.upstreamId);
    const status = deriveCheckStatus(counts, check.vinCount, check.status);
    return (await updateEligibilityCheck(db, check.organizationId, check.id, { status, counts, ineligible })) ?? check;
  })().finally(() => inFlight.delete(check.id));
  inFlight.set(check.id, work);
  return work;
}

/**
 * Refreshes the newest open checks of an organization, so lists and the overview count what is
 * really still running. A check the upstream cannot answer for keeps its stored status.
 */
export async function refreshOpenChecks(
  db: Db,
  api: Pick<VehicleApi, 'getEligibilityResults'>,
  organizationId: string,
  options: { limit?: number; now?: number } = {},
): Promise<void> {
  const open = await listOpenEligibilityChecks(db, organizationId, { limit: options.limit ?? 10 });
  await Promise.all(
    open.map((check) =>
      refreshCheck(db, api, check, options.now).catch((error: unknown) => {
        logger().error(
          { event: 'eligibility.check_refresh_failed', checkId: check.id, err: error },
          'eligibility check status refresh failed',
        );
      }),
    ),
  );
}
