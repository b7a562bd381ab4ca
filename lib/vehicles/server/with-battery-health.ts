import 'server-only';
import type { DbHandle } from '@/lib/db';
import { createGenerationCache } from '@/lib/db/generation-cache';
import { stateOfHealthOf } from '@/lib/db/repos/vehicle-snapshots';
import type { BatteryHealthCell, VehicleRecord } from '@/lib/vehicles/types';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

// On the embedded database the same page is answered from memory until the snapshot is written:
// the query cost as much CPU as the rest of the list route (npm run bench bff).
const healthCache = createGenerationCache<Awaited<ReturnType<typeof stateOfHealthOf>>>(200);

/**
 * A page of vehicles with the battery health the fleet snapshot read (one database query, no
 * upstream call): the list's Battery health column. A vehicle the snapshot has not asked about yet
 * gets null.
 */
export async function withBatteryHealth<V extends Pick<VehicleRecord, 'id'>>(
  { db, snapshotGeneration }: Pick<DbHandle, 'db' | 'snapshotGeneration'>,
  organizationId: string,
  vehicles: readonly V[],
): Promise<(V & { batteryHealth: BatteryHealthCell | null })[]> {
  const ids = vehicles.map((v) => v.id);
  const known =
    (await healthCache.get(`${organizationId}/${ids.join(',')}`, snapshotGeneration?.(), () => stateOfHealthOf(db, organizationId, ids))) ??
    new Map();
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
