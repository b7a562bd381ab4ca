import 'server-only';
import type { Db } from '@/lib/db';
import { stateOfHealthOf } from '@/lib/db/repos/vehicle-snapshots';
import type { BatteryHealthCell, VehicleRecord } from '@/lib/fleet/types';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * A page of vehicles with the battery health the fleet snapshot read (one database query, no
 * upstream call): the list's Battery health column. A vehicle the snapshot has not asked about yet
 * gets null.
 */
export async function withBatteryHealth<V extends Pick<VehicleRecord, 'id'>>(
  db: Db,
  organizationId: string,
  vehicles: readonly V[],
): Promise<(V & { batteryHealth: BatteryHealthCell | null })[]> {
  const known = await stateOfHealthOf(
    db,
    organizationId,
    vehicles.map((v) => v.id),
  );
  return vehicles.map((v) => {
    const row = known.get(v.id);
    if (!row?.stateOfHealthCheckedAt) return { ...v, batteryHealth: null };
    const status = row.stateOfHealthStatus;
    return {
      ...v,
      batteryHealth: {
        percent: row.stateOfHealth,
        at: iso(row.stateOfHealthAt),
        noData: status === 'NO_DATA',
        failed: status !== 'READ' && status !== 'NO_DATA',
        checkedAt: iso(row.stateOfHealthCheckedAt),
      },
    };
  });
}
