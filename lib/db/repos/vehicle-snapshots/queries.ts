import 'server-only';
import { and, count, eq, gt, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../index';
import { vehicleSnapshots, type VehicleSnapshot } from '../../schema';
import { whereVehicle } from './roster';

// What the fleet views read from the snapshot.

/** The battery health the snapshot holds for some vehicles (the vehicles list's column), by vehicle id. */
export async function stateOfHealthOf(
  db: Db,
  organizationId: string,
  vehicleIds: readonly string[],
): Promise<Map<string, Pick<VehicleSnapshot, 'stateOfHealth' | 'stateOfHealthAt' | 'stateOfHealthCheckedAt' | 'stateOfHealthStatus'>>> {
  if (vehicleIds.length === 0) return new Map();
  const s = vehicleSnapshots;
  const rows = await db
    .select({
      vehicleId: s.vehicleId,
      stateOfHealth: s.stateOfHealth,
      stateOfHealthAt: s.stateOfHealthAt,
      stateOfHealthCheckedAt: s.stateOfHealthCheckedAt,
      stateOfHealthStatus: s.stateOfHealthStatus,
    })
    .from(s)
    .where(and(eq(s.organizationId, organizationId), inArray(s.vehicleId, [...vehicleIds])));
  return new Map(rows.map(({ vehicleId, ...rest }) => [vehicleId, rest]));
}

/**
 * Where some vehicles (one account's) stand by the snapshot: disconnected when every vehicle whose
 * state is known is disconnected (as of the latest of those), else connected; and the newest time
 * an event pushed data about any of them.
 */
export async function connectionOfVehicles(
  db: Db,
  organizationId: string,
  vehicleIds: readonly string[],
): Promise<{ connection: { status: 'CONNECTED' | 'DISCONNECTED'; at: Date } | null; pushedAt: Date | null }> {
  if (vehicleIds.length === 0) return { connection: null, pushedAt: null };
  const s = vehicleSnapshots;
  const rows = await db
    .select({ status: s.connectionStatus, at: s.connectionAt, pushedAt: s.pushedAt })
    .from(s)
    .where(and(eq(s.organizationId, organizationId), inArray(s.vehicleId, [...vehicleIds])));
  const latest = (dates: (Date | null)[]) => dates.reduce<Date | null>((max, d) => (d && (!max || d > max) ? d : max), null);
  const known = rows.filter((r) => (r.status === 'CONNECTED' || r.status === 'DISCONNECTED') && r.at);
  const connected = known.filter((r) => r.status === 'CONNECTED');
  const connection =
    known.length === 0
      ? null
      : connected.length > 0
        ? { status: 'CONNECTED' as const, at: latest(connected.map((r) => r.at))! }
        : { status: 'DISCONNECTED' as const, at: latest(known.map((r) => r.at))! };
  return { connection, pushedAt: latest(rows.map((r) => r.pushedAt)) };
}

export async function getSnapshot(db: Db, organizationId: string, vehicleId: string): Promise<VehicleSnapshot | undefined> {
  const [row] = await db.select().from(vehicleSnapshots).where(whereVehicle(organizationId, vehicleId)).limit(1);
  return row;
}

export async function listSnapshots(db: Db, organizationId: string): Promise<VehicleSnapshot[]> {
  return db.select().from(vehicleSnapshots).where(eq(vehicleSnapshots.organizationId, organizationId)).orderBy(vehicleSnapshots.vehicleId);
}

/** What the vehicles list may ask of the snapshot (lib/vehicles/state-filters.ts). */
export interface SnapshotMatch {
  socBelow?: number;
  charging?: boolean;
  pluggedIn?: boolean;
  staleBefore?: Date;
  tiresBelow?: number;
  withAlerts?: boolean;
  /** Battery state of health below this percentage (vehicles without a figure never match). */
  healthBelow?: number;
  chargingStates: readonly string[];
  pluggedInStates: readonly string[];
}

function matchConditions(organizationId: string, m: SnapshotMatch): SQL | undefined {
  const s = vehicleSnapshots;
  const conditions: (SQL | undefined)[] = [eq(s.organizationId, organizationId)];
  if (m.socBelow !== undefined) conditions.push(lt(s.stateOfCharge, m.socBelow));
  if (m.charging) conditions.push(inArray(s.chargingState, [...m.chargingStates]));
  if (m.pluggedIn) conditions.push(inArray(s.chargingState, [...m.pluggedInStates]));
  if (m.staleBefore) conditions.push(lt(s.lastSeenAt, m.staleBefore));
  if (m.tiresBelow !== undefined) conditions.push(lt(s.tireMinKpa, m.tiresBelow));
  if (m.withAlerts) conditions.push(eq(s.hasAlerts, true));
  if (m.healthBelow !== undefined) conditions.push(lt(s.stateOfHealth, m.healthBelow));
  return and(...conditions);
}

export type SnapshotMatchRow = Pick<
  VehicleSnapshot,
  'vehicleId' | 'stateOfCharge' | 'chargingState' | 'lastSeenAt' | 'tireMinKpa' | 'fetchedAt' | 'listedAt'
>;

/** The matching vehicles after `afterVehicleId`, in id order (a keyset page over the snapshot). */
export async function matchSnapshots(
  db: Db,
  organizationId: string,
  match: SnapshotMatch,
  page: { afterVehicleId?: string; limit: number },
): Promise<SnapshotMatchRow[]> {
  const s = vehicleSnapshots;
  const where = matchConditions(organizationId, match);
  return db
    .select({
      vehicleId: s.vehicleId,
      stateOfCharge: s.stateOfCharge,
      chargingState: s.chargingState,
      lastSeenAt: s.lastSeenAt,
      tireMinKpa: s.tireMinKpa,
      fetchedAt: s.fetchedAt,
      listedAt: s.listedAt,
    })
    .from(s)
    .where(page.afterVehicleId ? and(where, gt(s.vehicleId, page.afterVehicleId)) : where)
    .orderBy(s.vehicleId)
    .limit(page.limit);
}

export async function countSnapshotMatches(db: Db, organizationId: string, match: SnapshotMatch): Promise<number> {
  const [row] = await db.select({ n: count() }).from(vehicleSnapshots).where(matchConditions(organizationId, match));
  return row?.n ?? 0;
}

/**
 * Counts by state over the organization's snapshot, in one query. The row's shape is the fleet's
 * `SnapshotFigures<Date>` (lib/vehicles/types.ts, which lib/db may not import); the overview's verb checks it.
 */
export async function snapshotFigures(
  db: Db,
  organizationId: string,
  t: {
    lowChargeBelow: number;
    staleBefore: Date;
    tiresBelow: number;
    chargingStates: readonly string[];
    pluggedInStates: readonly string[];
  },
) {
  const s = vehicleSnapshots;
  const n = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
  const [row] = await db
    .select({
      vehicles: count(),
      read: n(sql`${s.fetchedAt} is not null`),
      charging: n(inArray(s.chargingState, [...t.chargingStates])!),
      pluggedIn: n(inArray(s.chargingState, [...t.pluggedInStates])!),
      lowCharge: n(lt(s.stateOfCharge, t.lowChargeBelow)!),
      stale: n(lt(s.lastSeenAt, t.staleBefore)!),
      lowTires: n(lt(s.tireMinKpa, t.tiresBelow)!),
      failing: n(sql`${s.lastError} is not null`),
      withAlerts: n(eq(s.hasAlerts, true)),
      oldestRead: sql<Date | null>`min(${s.fetchedAt})`.mapWith(s.fetchedAt),
      newestRead: sql<Date | null>`max(${s.fetchedAt})`.mapWith(s.fetchedAt),
    })
    .from(s)
    .where(eq(s.organizationId, organizationId));
  return row;
}

/** A vehicle's identity as the snapshot holds it: what the fleet map and ⌘K show of each vehicle. */
const identityColumns = {
  vehicleId: vehicleSnapshots.vehicleId,
  vin: vehicleSnapshots.vin,
  make: vehicleSnapshots.make,
  model: vehicleSnapshots.model,
  registrationPlate: vehicleSnapshots.registrationPlate,
};

/** Every vehicle's identity and last position, for the fleet map. */
export async function listPositions(db: Db, organizationId: string) {
  const s = vehicleSnapshots;
  return db
    .select({
      ...identityColumns,
      latitude: s.latitude,
      longitude: s.longitude,
      locationAt: s.locationAt,
      stateOfCharge: s.stateOfCharge,
      fetchedAt: s.fetchedAt,
    })
    .from(s)
    .where(eq(s.organizationId, organizationId))
    .orderBy(s.registrationPlate, s.vehicleId);
}

const escapeLikeText = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Vehicles of the organization whose id, VIN or plate contains the text (case and spaces in
 * plates ignored), exact matches first; for ⌘K, from the snapshot's copy of the vehicle list.
 */
export async function searchSnapshotVehicles(db: Db, organizationId: string, text: string, limit: number) {
  const pattern = `%${escapeLikeText(text.toLowerCase())}%`;
  const compact = `%${escapeLikeText(text.toLowerCase().replace(/[\s-]+/g, ''))}%`;
  const plate = sql`regexp_replace(lower(coalesce(${vehicleSnapshots.registrationPlate}, '')), '[\\s-]+', '', 'g')`;
  const exact = sql`(lower(${vehicleSnapshots.vehicleId}) = ${text.toLowerCase()} or lower(coalesce(${vehicleSnapshots.vin}, '')) = ${text.toLowerCase()} or ${plate} = ${text.toLowerCase().replace(/[\s-]+/g, '')})`;
  return db
    .select(identityColumns)
    .from(vehicleSnapshots)
    .where(
      and(
        eq(vehicleSnapshots.organizationId, organizationId),
        or(
          sql`lower(${vehicleSnapshots.vehicleId}) like ${pattern}`,
          sql`lower(coalesce(${vehicleSnapshots.vin}, '')) like ${pattern}`,
          sql`${plate} like ${compact}`,
        ),
      ),
    )
    .orderBy(sql`${exact} desc`, vehicleSnapshots.vehicleId)
    .limit(limit);
}

/** The battery health buckets of the overview's trends: lower bound inclusive, upper exclusive (percent). */
export const HEALTH_BUCKETS = [
  { key: 'below70', min: null, max: 70 },
  { key: 'from70', min: 70, max: 80 },
  { key: 'from80', min: 80, max: 90 },
  { key: 'from90', min: 90, max: null },
] as const;

/**
 * The fleet's battery health distribution (each vehicle's latest state of health the snapshot
 * holds) and how many vehicles reported anything since `reportingSince` (the vehicle list's last
 * seen time), of all the snapshot's vehicles.
 */
export async function snapshotHealthAndReporting(db: Db, organizationId: string, reportingSince: Date) {
  const s = vehicleSnapshots;
  const n = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
  const within = (min: number | null, max: number | null) =>
    and(
      sql`${s.stateOfHealth} is not null`,
      min === null ? undefined : gte(s.stateOfHealth, min),
      max === null ? undefined : lt(s.stateOfHealth, max),
    )!;
  const [row] = await db
    .select({
      vehicles: count(),
      reporting: n(gte(s.lastSeenAt, reportingSince)!),
      withoutHealth: n(sql`${s.stateOfHealth} is null`),
      below70: n(within(HEALTH_BUCKETS[0].min, HEALTH_BUCKETS[0].max)),
      from70: n(within(HEALTH_BUCKETS[1].min, HEALTH_BUCKETS[1].max)),
      from80: n(within(HEALTH_BUCKETS[2].min, HEALTH_BUCKETS[2].max)),
      from90: n(within(HEALTH_BUCKETS[3].min, HEALTH_BUCKETS[3].max)),
    })
    .from(s)
    .where(eq(s.organizationId, organizationId));
  return row;
}
