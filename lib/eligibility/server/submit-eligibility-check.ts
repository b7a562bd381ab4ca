import 'server-only';
import { toVendorMake } from '@/lib/contract/makes';
import type { Db } from '@/lib/db';
import { createEligibilityCheck } from '@/lib/db/repos/eligibility-checks';
import type { EligibilityCheck } from '@/lib/db/schema';
import type { EligibilityCheckBody } from '@/lib/eligibility/schemas';
import type { VehicleApi } from '@/lib/vehicle-api';

export async function submitEligibilityCheck(
  db: Db,
  api: Pick<VehicleApi, 'createEligibilityCheck'>,
  input: { organizationId: string; userId: string; body: EligibilityCheckBody },
): Promise<{ check: EligibilityCheck; requestId: string | undefined }> {
  // The vendor takes only its upper-case spelling of a make (the schema refused any it does not list).
  const vins = input.body.vins.map(({ vin, countryCode, make }) => ({
    vin,
    countryCode,
    ...(make ? { make: toVendorMake(make) ?? make } : {}),
  }));
  const response = await api.createEligibilityCheck(vins);
  const check = await createEligibilityCheck(db, {
    organizationId: input.organizationId,
    createdBy: input.userId,
    upstreamId: response.data.id,
    label: input.body.label || null,
    vinCount: vins.length,
    status: response.data.status ?? 'CREATED',
    vins,
  });
  return { check, requestId: response.requestId };
}
