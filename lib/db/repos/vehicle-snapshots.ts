import 'server-only';
import { and, count, eq, gt, inArray, lt, max, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../index';
import { organizations, vehicleSnapshots, type PushedAlert, type PushedBudget, type VehicleSnapshot } from '../schema';

/** What the vehicle list says of a vehicle (one list call serves a hundred vehicles). */
export interface RosterEntry {
  vehicleId: string;
  vin: string | null;
  make: string | null;
  model: string | null;
  registrationPlate: string | null;
  isListening: boolean;
  connectionStatus: string | null;
  lastSeenAt: Date | null;
}

/** A figure with the vehicle's own timestamp of it; `at` null means the upstream gave no time: not kept. */
export interface Timed<T> {
  value: T;
  at: Date | null;
}

/** What one telemetry read says, figure by figure. */
export interface SnapshotReading {
  stateOfCharge?: Timed<number | null>;
  rangeKm?: Timed<number | null>;
  odometerKm?: Timed<number | null>;
  location?: Timed<{ latitude: number; longitude: number } | null>;
  charging?: Timed<{ state: string | null; portOpen: boolean | null }>;
  locked?: Timed<boolean | null>;
  tireMinKpa?: Timed<number | null>;
  lastSeenAt?: Date | null;
}

export async function listOrganizationIds(db: Db): Promise<string[]> {
  const rows = await db.select({ id: organizations.id }).from(organizations);
  return rows.map((r) => r.id);
}

/** When the organization's vehicle list was last walked to the end (undefined: never). */
export async function lastListedAt(db: Db, organizationId: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: max(vehicleSnapshots.listedAt) })
    .from(vehicleSnapshots)
    .where(eq(vehicleSnapshots.organizationId, organizationId));
  return row?.at ?? undefined;
}

/** Records what the list said; the telemetry figures of a known vehicle are kept. */
export async function upsertRoster(db: Db, organizationId: string, entries: readonly RosterEntry[], listedAt: Date): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insert(vehicleSnapshots)
    .values(entries.map((e) => ({ organizationId, ...e, listedAt, connectionAt: listedAt })))
    .onConflictDoUpdate({
      target: [vehicleSnapshots.organizationId, vehicleSnapshots.vehicleId],
      set: {
        vin: sql`excluded.vin`,
        make: sql`excluded.make`,
        model: sql`excluded.model`,
        registrationPlate: sql`excluded.registration_plate`,
        isListening: sql`excluded.is_listening`,
        // A connection event newer than this walk keeps its word (forward only, like the figures).
        connectionStatus: sql`case when ${vehicleSnapshots.connectionAt} is null or ${vehicleSnapshots.connectionAt} <= excluded.listed_at then excluded.connection_status else ${vehicleSnapshots.connectionStatus} end`,
        connectionAt: sql`greatest(${vehicleSnapshots.connectionAt}, excluded.listed_at)`,
        // A telemetry read may already have seen the vehicle later than the list says.
        lastSeenAt: sql`greatest(${vehicleSnapshots.lastSeenAt}, excluded.last_seen_at)`,
        listedAt: sql`excluded.listed_at`,
      },
    });
}

/**
 * After a complete walk of the list: vehicles it no longer holds (disconnected, or gone from the
 * account) and any the list marks disconnected leave the snapshot.
 */
export async function removeUnlisted(db: Db, organizationId: string, listedAt: Date): Promise<number> {
  const removed = await db
    .delete(vehicleSnapshots)
    .where(
      and(
        eq(vehicleSnapshots.organizationId, organizationId),
        or(lt(vehicleSnapshots.listedAt, listedAt), eq(vehicleSnapshots.connectionStatus, 'DISCONNECTED')),
      ),
    )
    .returning({ id: vehicleSnapshots.vehicleId });
  return removed.length;
}

/**
 * Makes the organization's list due for a walk at the job's next tick (an account was
 * disconnected: its vehicles leave the list, and the walk drops them from the snapshot).
 */
export async function expireRosterListing(db: Db, organizationId: string): Promise<void> {
  await db
    .update(vehicleSnapshots)
    .set({ listedAt: new Date(0) })
    .where(eq(vehicleSnapshots.organizationId, organizationId));
}

export async function removeSnapshot(db: Db, organizationId: string, vehicleId: string): Promise<void> {
  await db
    .delete(vehicleSnapshots)
    .where(and(eq(vehicleSnapshots.organizationId, organizationId), eq(vehicleSnapshots.vehicleId, vehicleId)));
}

export type RefreshCandidate = Pick<
  VehicleSnapshot,
  'vehicleId' | 'fetchedAt' | 'pushedAt' | 'budgetMax' | 'budgetWindowSeconds' | 'budgetReadAt' | 'stateOfHealthCheckedAt'
>;

/** Vehicles whose telemetry the job may read: listening and connected. */
export async function listRefreshCandidates(db: Db, organizationId: string): Promise<RefreshCandidate[]> {
  return db
    .select({
      vehicleId: vehicleSnapshots.vehicleId,
      fetchedAt: vehicleSnapshots.fetchedAt,
      pushedAt: vehicleSnapshots.pushedAt,
      budgetMax: vehicleSnapshots.budgetMax,
      budgetWindowSeconds: vehicleSnapshots.budgetWindowSeconds,
      budgetReadAt: vehicleSnapshots.budgetReadAt,
      stateOfHealthCheckedAt: vehicleSnapshots.stateOfHealthCheckedAt,
    })
    .from(vehicleSnapshots)
    .where(
      and(
        eq(vehicleSnapshots.organizationId, organizationId),
        eq(vehicleSnapshots.isListening, true),
        eq(vehicleSnapshots.connectionStatus, 'CONNECTED'),
      ),
    )
    .orderBy(sql`${vehicleSnapshots.fetchedAt} asc nulls first`, vehicleSnapshots.vehicleId);
}

const whereVehicle = (organizationId: string, vehicleId: string) =>
  and(eq(vehicleSnapshots.organizationId, organizationId), eq(vehicleSnapshots.vehicleId, vehicleId));

export async function recordBudget(
  db: Db,
  organizationId: string,
  vehicleId: string,
  budget: { max: number; windowSeconds: number } | null,
  readAt: Date,
): Promise<void> {
  await db
    .update(vehicleSnapshots)
    .set({ budgetMax: budget?.max ?? null, budgetWindowSeconds: budget?.windowSeconds ?? null, budgetReadAt: readAt })
    .where(whereVehicle(organizationId, vehicleId));
}

/** What one ask for the battery's state of health said. */
export type StateOfHealthReading =
  | { status: 'READ'; percent: number | null; at: Date | null }
  /** A 404: no battery data yet (it appears after a qualifying charge): a fact, not an error. */
  | { status: 'NO_DATA' }
  /** Any other failure, stored as its error code: the figure read before is kept. */
  | { status: 'ERROR'; code: string };

/**
 * Stores the answer to a state-of-health ask, checked at `checkedAt`. A figure replaces the stored
 * one only when its calculation date is not older; NO_DATA clears it (the service holds none);
 * an error keeps the figure and records only the code.
 */
export async function recordStateOfHealth(
  db: Db,
  organizationId: string,
  vehicleId: string,
  reading: StateOfHealthReading,
  checkedAt: Date,
): Promise<void> {
  const s = vehicleSnapshots;
  const figure =
    reading.status === 'READ'
      ? {
          stateOfHealth: newer(s.stateOfHealthAt, reading.at && notAfterArrival(reading.at, checkedAt), s.stateOfHealth, reading.percent),
          stateOfHealthAt: newerAt(s.stateOfHealthAt, reading.at && notAfterArrival(reading.at, checkedAt)),
        }
      : reading.status === 'NO_DATA'
        ? { stateOfHealth: null, stateOfHealthAt: null }
        : {};
  await db
    .update(s)
    .set({
      ...figure,
      stateOfHealthStatus: reading.status === 'ERROR' ? reading.code : reading.status,
      stateOfHealthCheckedAt: checkedAt,
    })
    .where(whereVehicle(organizationId, vehicleId));
}

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

export async function recordSnapshotError(db: Db, organizationId: string, vehicleId: string, code: string, at: Date): Promise<void> {
  await db.update(vehicleSnapshots).set({ lastError: code, lastErrorAt: at }).where(whereVehicle(organizationId, vehicleId));
}

/** How far ahead of its arrival a vendor's time may be (clocks drift) before it is taken as wrong. */
export const FUTURE_ALLOWANCE_MS = 5 * 60_000;

/**
 * The time a figure or event carries, or its arrival when the vendor's time is further ahead than
 * that: one reading stamped years ahead would otherwise pin its figure, since nothing later would
 * ever count as newer.
 */
export function notAfterArrival(at: Date, arrivedAt: Date): Date {
  return at.getTime() > arrivedAt.getTime() + FUTURE_ALLOWANCE_MS ? arrivedAt : at;
}

/** `column = value` only when the reading is at least as recent as the stored one. */
function newer(atColumn: PgColumn, at: Date | null, column: PgColumn, value: unknown): SQL {
  if (at === null) return sql`${column}`;
  return sql`case when ${atColumn} is null or ${atColumn} <= ${at.toISOString()}::timestamptz then ${value} else ${column} end`;
}

function newerAt(atColumn: PgColumn, at: Date | null): SQL {
  if (at === null) return sql`${atColumn}`;
  return sql`greatest(${atColumn}, ${at.toISOString()}::timestamptz)`;
}

type SnapshotInsert = typeof vehicleSnapshots.$inferInsert;

/** The update (forward only, figure by figure) and the insert a reading makes. */
function readingWrites(
  reading: SnapshotReading,
  arrivedAt: Date,
): {
  set: Record<string, SQL>;
  insert: Partial<SnapshotInsert>;
  figures: { atColumn: PgColumn; at: Date }[];
} {
  const s = vehicleSnapshots;
  const set: Record<string, SQL> = {};
  const insert: Record<string, unknown> = {};
  const figures: { atColumn: PgColumn; at: Date }[] = [];
  const put = (timed: Timed<unknown> | undefined, atKey: keyof SnapshotInsert, values: Partial<SnapshotInsert>) => {
    if (!timed || timed.at === null) return;
    const at = notAfterArrival(timed.at, arrivedAt);
    const atColumn = s[atKey as 'fetchedAt'];
    for (const [key, value] of Object.entries(values)) {
      set[key] = newer(atColumn, at, s[key as 'fetchedAt'], value);
      insert[key] = value;
    }
    set[atKey] = newerAt(atColumn, at);
    insert[atKey] = at;
    figures.push({ atColumn, at });
  };
  const r = reading;
  put(r.stateOfCharge, 'stateOfChargeAt', { stateOfCharge: r.stateOfCharge?.value });
  put(r.rangeKm, 'rangeAt', { rangeKm: r.rangeKm?.value });
  put(r.odometerKm, 'odometerAt', { odometerKm: r.odometerKm?.value });
  put(r.location, 'locationAt', { latitude: r.location?.value?.latitude ?? null, longitude: r.location?.value?.longitude ?? null });
  put(r.charging, 'chargingAt', { chargingState: r.charging?.value.state ?? null, chargePortDoorOpen: r.charging?.value.portOpen ?? null });
  put(r.locked, 'lockedAt', { locked: r.locked?.value });
  put(r.tireMinKpa, 'tiresAt', { tireMinKpa: r.tireMinKpa?.value });
  if (r.lastSeenAt) {
    const lastSeenAt = notAfterArrival(r.lastSeenAt, arrivedAt);
    set.lastSeenAt = newerAt(s.lastSeenAt, lastSeenAt);
    insert.lastSeenAt = lastSeenAt;
  }
  return { set, insert: insert as Partial<SnapshotInsert>, figures };
}

/**
 * Stores one telemetry read, figure by figure: each replaces the stored one only when its own
 * timestamp is not older (a slow read that lands after a newer one, or a pushed event, never
 * rolls a figure back). Inserts the row when the list has not been walked yet.
 */
export async function recordReading(
  db: Db,
  organizationId: string,
  vehicleId: string,
  reading: SnapshotReading,
  fetchedAt: Date,
): Promise<void> {
  const s = vehicleSnapshots;
  const { set, insert } = readingWrites(reading, fetchedAt);
  await db
    .insert(s)
    .values({ ...insert, organizationId, vehicleId, listedAt: fetchedAt, fetchedAt })
    .onConflictDoUpdate({ target: [s.organizationId, s.vehicleId], set: { ...set, fetchedAt, lastError: null, lastErrorAt: null } });
}

/**
 * Stores the figure a pushed `device.telemetry` event carries, forward only like a read (an older
 * event never replaces a newer figure), and marks the row refreshed by an event at `receivedAt`
 * when the figure was taken. Only a vehicle the snapshot holds is updated (the list walk adds
 * vehicles): false when it holds none or the reading has no timed figure.
 */
export async function recordPushedReading(
  db: Db,
  organizationId: string,
  vehicleId: string,
  reading: SnapshotReading,
  receivedAt: Date,
): Promise<boolean> {
  const s = vehicleSnapshots;
  const { set, figures } = readingWrites({ ...reading, lastSeenAt: undefined }, receivedAt);
  if (figures.length === 0) return false;
  // Refreshed by an event: when at least one figure it carries was taken (not older than the stored one).
  const taken = or(...figures.map((f) => sql`${f.atColumn} is null or ${f.atColumn} <= ${f.at.toISOString()}::timestamptz`));
  const rows = await db
    .update(s)
    .set({
      ...set,
      ...(reading.lastSeenAt ? { lastSeenAt: newerAt(s.lastSeenAt, notAfterArrival(reading.lastSeenAt, receivedAt)) } : {}),
      pushedAt: sql`case when ${taken} then greatest(${s.pushedAt}, ${receivedAt.toISOString()}::timestamptz) else ${s.pushedAt} end`,
    })
    .where(whereVehicle(organizationId, vehicleId))
    .returning({ id: s.vehicleId });
  return rows.length > 0;
}

/**
 * A pushed `device.connected` / `device.disconnected`: the vehicle's connection state as of `at`,
 * forward only (an older event, or one older than the last list walk, changes nothing). A
 * disconnected vehicle is no longer read by the snapshot job and leaves the snapshot at the next
 * walk. False when the snapshot holds no such vehicle.
 */
export async function recordConnection(
  db: Db,
  organizationId: string,
  vehicleId: string,
  connectionStatus: 'CONNECTED' | 'DISCONNECTED',
  at: Date,
): Promise<boolean> {
  const s = vehicleSnapshots;
  const rows = await db
    .update(s)
    .set({ connectionStatus: newer(s.connectionAt, at, s.connectionStatus, connectionStatus), connectionAt: newerAt(s.connectionAt, at) })
    .where(whereVehicle(organizationId, vehicleId))
    .returning({ id: s.vehicleId });
  return rows.length > 0;
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

/** The jsonb map `column` with `entry` set at `key`, unless the stored entry is newer (forward only, by `at`). */
function mergeNewer(column: PgColumn, key: string, entry: { at: string }): SQL {
  return sql`case when ${column} -> ${key} is null or (${column} -> ${key} ->> 'at')::timestamptz <= ${entry.at}::timestamptz
    then coalesce(${column}, '{}'::jsonb) || jsonb_build_object(${key}::text, ${JSON.stringify(entry)}::jsonb)
    else ${column} end`;
}

/**
 * A pushed `rate_limit.updated`: the vehicle's budget for `key`, as of the event's time, forward
 * only. The `..._COMMANDS_AND_FETCH_STATE` budget also paces the snapshot job (`budgetMax`), so
 * the event saves the job its daily /v1/rate-limits read. False when the snapshot holds no such vehicle.
 */
export async function recordPushedBudget(
  db: Db,
  organizationId: string,
  vehicleId: string,
  key: string,
  budget: PushedBudget,
): Promise<boolean> {
  const s = vehicleSnapshots;
  const at = new Date(budget.at);
  const pacing = key.endsWith('_COMMANDS_AND_FETCH_STATE') && budget.windowSeconds !== null;
  const rows = await db
    .update(s)
    .set({
      pushedBudgets: mergeNewer(s.pushedBudgets, key, budget),
      ...(pacing
        ? {
            budgetMax: newer(s.budgetReadAt, at, s.budgetMax, budget.max),
            budgetWindowSeconds: newer(s.budgetReadAt, at, s.budgetWindowSeconds, budget.windowSeconds),
            budgetReadAt: newerAt(s.budgetReadAt, at),
          }
        : {}),
    })
    .where(whereVehicle(organizationId, vehicleId))
    .returning({ id: s.vehicleId });
  return rows.length > 0;
}

/**
 * A pushed `alert.updated`: the alert's state as of the event's time, forward only per alert;
 * `hasAlerts` follows (one active, unmuted alert marks the vehicle). False when the snapshot holds no such vehicle.
 */
export async function recordPushedAlert(
  db: Db,
  organizationId: string,
  vehicleId: string,
  alertId: string,
  alert: PushedAlert,
): Promise<boolean> {
  const s = vehicleSnapshots;
  const merged = mergeNewer(s.pushedAlerts, alertId, alert);
  const rows = await db
    .update(s)
    .set({
      pushedAlerts: merged,
      hasAlerts: sql`exists (select 1 from jsonb_each(${merged}) as a(id, v) where (a.v ->> 'active')::boolean and not (a.v ->> 'muted')::boolean)`,
    })
    .where(whereVehicle(organizationId, vehicleId))
    .returning({ id: s.vehicleId });
  return rows.length > 0;
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

/** Every vehicle's identity and last position, for the fleet map. */
export async function listPositions(db: Db, organizationId: string) {
  const s = vehicleSnapshots;
  return db
    .select({
      vehicleId: s.vehicleId,
      vin: s.vin,
      make: s.make,
      model: s.model,
      registrationPlate: s.registrationPlate,
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
    .select({
      vehicleId: vehicleSnapshots.vehicleId,
      vin: vehicleSnapshots.vin,
      make: vehicleSnapshots.make,
      model: vehicleSnapshots.model,
      registrationPlate: vehicleSnapshots.registrationPlate,
    })
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
