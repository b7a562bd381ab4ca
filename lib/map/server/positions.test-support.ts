import 'server-only';
import type { Db } from '@/lib/db';
import { recordReading } from '@/lib/db/repos/vehicle-snapshots';

/** A vehicle the fleet snapshot read now at this position with this charge (for tests of what the map draws). */
export async function placeVehicle(
  db: Db,
  organizationId: string,
  vehicleId: string,
  position: { latitude: number; longitude: number } | null,
  stateOfCharge: number,
): Promise<void> {
  const at = new Date();
  await recordReading(
    db,
    organizationId,
    vehicleId,
    { ...(position ? { location: { value: position, at } } : {}), stateOfCharge: { value: stateOfCharge, at } },
    at,
  );
}
