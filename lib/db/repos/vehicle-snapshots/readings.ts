import 'server-only';
import { or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../index';
import { vehicleSnapshots, type PushedAlert, type PushedBudget } from '../../schema';
import { whereVehicle } from './roster';

// Readings: figures the vehicle reported (read or pushed), each kept only when not older than the stored one.

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
