import { BULK_CONNECT } from '@/lib/contract/eligibility';
import { toVendorMake, type VendorMake } from '@/lib/contract/makes';

/**
 * Bulk VIN connection from an eligibility check: which rows go, in requests of at most 100
 * (`BULK_CONNECT.maxVins`), and what each outcome asks of a person.
 */

/** A VIN to connect with what Motorpool knows of it; the optional fields go to the service when present. */
export type ConnectVin = {
  vin: string;
  countryCode: string;
  make?: string;
  model?: string;
  modelYear?: number;
  registrationPlate?: string;
  tags?: { key: string; value: string }[];
};

/** [V] One item of the vendor's bulk connect body (`{"vehicles": [...]}`): the make is required, in its spelling. */
export type BulkConnectItem = Omit<ConnectVin, 'make'> & { make: VendorMake };

/** The row as the service takes it, or null without a make it lists (it refuses the whole request over one such row). */
export function toBulkConnectItem(row: ConnectVin): BulkConnectItem | null {
  const make = toVendorMake(row.make);
  if (!make) return null;
  const { vin, countryCode, model, modelYear, registrationPlate, tags } = row;
  return {
    vin,
    make,
    countryCode,
    ...(model ? { model } : {}),
    ...(Number.isInteger(modelYear) ? { modelYear } : {}),
    ...(registrationPlate ? { registrationPlate } : {}),
    ...(tags?.length ? { tags } : {}),
  };
}

export function inBatches<T>(items: readonly T[], size: number = BULK_CONNECT.maxVins): T[][] {
  const batches: T[][] = [];
  for (let i = 0; i < items.length; i += size) batches.push(items.slice(i, i + size));
  return batches;
}

/**
 * The eligible VINs of a check, with the country (and make) they were checked with: the results
 * carry no country. A row sent without a make takes the one the service read from the VIN. A VIN
 * eligible twice goes once; one the check never sent is left out and counted.
 */
export function eligibleVins(
  results: readonly { vin?: string | null; status?: string | null; make?: string | null }[],
  sent: readonly ConnectVin[],
): { vins: ConnectVin[]; unmatched: number } {
  const byVin = new Map(sent.map((row) => [row.vin.toUpperCase(), row]));
  const seen = new Set<string>();
  const vins: ConnectVin[] = [];
  let unmatched = 0;
  for (const result of results) {
    if (result.status !== 'ELIGIBLE' || !result.vin) continue;
    const vin = result.vin.toUpperCase();
    if (seen.has(vin)) continue;
    seen.add(vin);
    const row = byVin.get(vin);
    const make = row?.make ?? result.make;
    if (row) vins.push({ ...row, vin, ...(make ? { make } : {}) });
    else unmatched += 1;
  }
  return { vins, unmatched };
}

export type BulkOutcome = {
  vehicleId?: string | null;
  vehicleInputId?: string | null;
  status?: string | null;
  message?: string | null;
  errors?: { code?: string | null; message?: string | null; actionCategory?: string | null }[] | null;
  canRetry?: boolean | null;
  vin?: string | null;
  make?: string | null;
  model?: string | null;
  countryCode?: string | null;
  registrationPlate?: string | null;
  modelYear?: string | number | null;
  wasAlreadyConnected?: boolean | null;
};

/**
 * The rows the service says may be tried again, as a new request's VINs, with the make, model,
 * model year and plate the service reported (those without a VIN or country cannot be).
 */
export function retryVins(results: readonly BulkOutcome[]): ConnectVin[] {
  const seen = new Set<string>();
  const vins: ConnectVin[] = [];
  for (const r of results) {
    if (!r.canRetry || !r.vin || !r.countryCode || seen.has(r.vin)) continue;
    seen.add(r.vin);
    const modelYear = typeof r.modelYear === 'string' && /^\d{4}$/.test(r.modelYear) ? Number(r.modelYear) : r.modelYear;
    vins.push({
      vin: r.vin,
      countryCode: r.countryCode,
      ...(r.make ? { make: r.make } : {}),
      ...(r.model ? { model: r.model } : {}),
      ...(typeof modelYear === 'number' && Number.isInteger(modelYear) ? { modelYear } : {}),
      ...(r.registrationPlate ? { registrationPlate: r.registrationPlate } : {}),
    });
  }
  return vins;
}

export function countOutcomes(results: readonly BulkOutcome[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const r of results) {
    const key = r.status ?? 'UNKNOWN';
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/** The error code Motorpool answers when the service refuses bulk connection for the organization. */
export const BULK_CONNECT_NOT_ENABLED = 'BULK_CONNECT_NOT_ENABLED';

/** What the browser sees of a kept bulk connection request. */
export type BulkConnectionView = {
  id: string;
  upstreamId: string;
  eligibilityCheckId: string | null;
  retryOf: string | null;
  vinCount: number;
  status: string;
  counts: Record<string, number>;
  /** Per-VIN outcomes once the request settled; null while it runs. */
  results: BulkOutcome[] | null;
  retryable: number;
  createdAt: string;
  updatedAt: string;
};
