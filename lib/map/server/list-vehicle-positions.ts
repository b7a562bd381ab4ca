import 'server-only';
import type { Org } from '@/lib/org/org-access';
import { getDb } from '@/lib/db';
import { listPositions } from '@/lib/db/repos/vehicle-snapshots';
import type { FleetPositions } from '@/lib/vehicles/types';

const HOUR_MS = 3_600_000;
/** A position older than this is drawn as stale. */
const STALE_AFTER_HOURS = 24;

/** Every vehicle's last known position from the fleet snapshot: no upstream call. */
export async function listVehiclePositions(org: Org, now = Date.now()): Promise<FleetPositions> {
  const rows = await listPositions(getDb(), org.id);
  let oldest: number | null = null;
  const vehicles = rows.map((r) => {
    const at = r.locationAt?.getTime() ?? null;
    if (r.fetchedAt) oldest = oldest === null ? r.fetchedAt.getTime() : Math.min(oldest, r.fetchedAt.getTime());
    return {
      id: r.vehicleId,
      label: r.registrationPlate || [r.make, r.model].filter(Boolean).join(' ') || r.vehicleId,
      vin: r.vin,
      latitude: r.latitude,
      longitude: r.longitude,
      locationAt: r.locationAt?.toISOString() ?? null,
      stateOfCharge: r.stateOfCharge,
      stale: at === null || now - at > STALE_AFTER_HOURS * HOUR_MS,
    };
  });
  return { vehicles, asOf: oldest === null ? null : new Date(oldest).toISOString(), staleAfterHours: STALE_AFTER_HOURS };
}
