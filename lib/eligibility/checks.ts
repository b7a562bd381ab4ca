import 'server-only';
import type { Db } from '@/lib/db';
import {
  createEligibilityCheck,
  listOpenEligibilityChecks,
  SETTLED_CHECK_STATUSES,
  updateEligibilityCheck,
} from '@/lib/db/repos/eligibility-checks';
import type { EligibilityCheck } from '@/lib/db/schema';
import type { EligibilityCheckBody } from '@/lib/validations/eligibility';
import { paginateNumbered, type VehicleApi } from '@/lib/vehicle-api';

/** What the browser sees of a kept check. */
export type EligibilityCheckView = {
  id: string;
  upstreamId: string;
  label: string | null;
  vinCount: number;
  status: string;
  counts: Record<string, number>;
  createdAt: string;
  updatedAt: string;
  createdBy: string | null;
};

export function toCheckView(check: EligibilityCheck, emails: Map<string, string>): EligibilityCheckView {
  return {
    id: check.id,
    upstreamId: check.upstreamId,
    label: check.label,
    vinCount: check.vinCount,
    status: check.status,
    counts: check.counts,
    createdAt: check.createdAt.toISOString(),
    updatedAt: check.updatedAt.toISOString(),
    createdBy: check.createdBy ? (emails.get(check.createdBy) ?? null) : null,
  };
}

export const isSettled = (status: string) => (SETTLED_CHECK_STATUSES as readonly string[]).includes(status);

/** However many pollers, a check's status is asked of the upstream at most once a second. */
const MIN_REFRESH_MS = 1_000;
const inFlight = new Map<string, Promise<EligibilityCheck>>();

async function tally(api: Pick<VehicleApi, 'getEligibilityResults'>, upstreamId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for await (const page of paginateNumbered((p) => api.getEligibilityResults(upstreamId, p))) {
    for (const result of page.data.results) {
      const status = result.status ?? 'UNKNOWN';
      counts[status] = (counts[status] ?? 0) + 1;
    }
  }
  return counts;
}

/**
 * Brings a kept check up to date with the upstream. A check that settles as COMPLETED gets its
 * per-status counts, read once from the results, so lists never page through results again.
 */
export function refreshCheck(db: Db, api: Pick<VehicleApi, 'getEligibilityCheck' | 'getEligibilityResults'>, check: EligibilityCheck, now = Date.now()): Promise<EligibilityCheck> {
  if (isSettled(check.status) || now - check.updatedAt.getTime() < MIN_REFRESH_MS) return Promise.resolve(check);
  const running = inFlight.get(check.id);
  if (running) return running;
  const work = (async () => {
    const { data } = await api.getEligibilityCheck(check.upstreamId);
    const status = data.status ?? check.status;
    const counts = status === 'COMPLETED' ? await tally(api, check.upstreamId) : undefined;
    return (await updateEligibilityCheck(db, check.organizationId, check.id, { status, counts })) ?? check;
  })().finally(() => inFlight.delete(check.id));
  inFlight.set(check.id, work);
  return work;
}

/**
 * Refreshes the newest open checks of an organization, so lists and the overview count what is
 * really still running. A check the upstream cannot answer for keeps its stored status.
 */
export async function refreshOpenChecks(db: Db, api: Pick<VehicleApi, 'getEligibilityCheck' | 'getEligibilityResults'>, organizationId: string, options: { limit?: number; now?: number } = {}): Promise<void> {
  const open = await listOpenEligibilityChecks(db, organizationId, { limit: options.limit ?? 10 });
  await Promise.all(
    open.map((check) =>
      refreshCheck(db, api, check, options.now).catch((error: unknown) => {
        console.error(`eligibility check ${check.id}: status refresh failed`, error);
      }),
    ),
  );
}

export async function submitEligibilityCheck(
  db: Db,
  api: Pick<VehicleApi, 'createEligibilityCheck'>,
  input: { organizationId: string; userId: string; body: EligibilityCheckBody },
): Promise<{ check: EligibilityCheck; requestId: string | undefined }> {
  const vins = input.body.vins.map(({ vin, countryCode, make }) => ({ vin, countryCode, ...(make ? { make } : {}) }));
  const response = await api.createEligibilityCheck(vins);
  const check = await createEligibilityCheck(db, {
    organizationId: input.organizationId,
    createdBy: input.userId,
    upstreamId: response.data.id,
    label: input.body.label || null,
    vinCount: vins.length,
    status: response.data.status ?? 'CREATED',
  });
  return { check, requestId: response.requestId };
}

/** Every per-VIN result of a check as CSV rows, read page by page. */
export async function* eligibilityResultRows(api: Pick<VehicleApi, 'getEligibilityResults'>, upstreamId: string): AsyncGenerator<readonly unknown[]> {
  for await (const page of paginateNumbered((p) => api.getEligibilityResults(upstreamId, p))) {
    for (const r of page.data.results) yield [r.rowId ?? '', r.vin ?? '', r.make ?? '', r.status ?? '', r.errorMessage ?? ''];
  }
}
export const ELIGIBILITY_CSV_HEADER = ['row', 'vin', 'make', 'status', 'reason'] as const;
