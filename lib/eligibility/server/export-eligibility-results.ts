import 'server-only';
import { paginateNumbered, type VehicleApi } from '@/lib/vehicle-api';

/** Every per-VIN result of a check as CSV rows, read page by page. */
export async function* eligibilityResultRows(
  api: Pick<VehicleApi, 'getEligibilityResults'>,
  upstreamId: string,
): AsyncGenerator<readonly unknown[]> {
  for await (const page of paginateNumbered((p) => api.getEligibilityResults(upstreamId, p))) {
    for (const r of page.data.results) yield [r.rowId ?? '', r.vin ?? '', r.make ?? '', r.status ?? '', r.errorMessage ?? ''];
  }
}
export const ELIGIBILITY_CSV_HEADER = ['row', 'vin', 'make', 'status', 'reason'] as const;
