import 'server-only';
import { boolean, check, date, doublePrecision, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { inList, ts } from './columns';
import { organizationRef, users } from './access';

/**
 * The fleet history store: what the upstream said happened (journeys, charging sessions) and one
 * reading per vehicle per day, gathered by the `history.gather` job within a share of each
 * vehicle's rate budget, so monthly reports never ask the upstream again. Rows are keyed by the
 * upstream's ids: gathering the same item twice updates it. Kept for HISTORY_RETENTION_MONTHS.
 *
 * Not partitioned by month: drizzle-kit cannot declare a partitioned table (it would be hand SQL
 * its snapshots never see), a partitioned table's unique keys must carry the partition column, and
 * a monthly report already reads one month through the (organization, start) index, which is what partition pruning would give it
 * (docs/benchmarks.md, `history`).
 */

export const journeyHistory = pgTable(
  'history_journeys',
  {
    organizationId: organizationRef(),
    vehicleId: text('vehicle_id').notNull(),
    journeyId: text('journey_id').notNull(),
    startedAt: ts('started_at').notNull(),
    stoppedAt: ts('stopped_at'),
    distanceKm: doublePrecision('distance_km'),
    odometerStartKm: doublePrecision('odometer_start_km'),
    odometerEndKm: doublePrecision('odometer_end_km'),
    energyUsedKwh: doublePrecision('energy_used_kwh'),
    socStart: doublePrecision('soc_start'),
    socEnd: doublePrecision('soc_end'),
    startLatitude: doublePrecision('start_latitude'),
    startLongitude: doublePrecision('start_longitude'),
    stopLatitude: doublePrecision('stop_latitude'),
    stopLongitude: doublePrecision('stop_longitude'),
    gatheredAt: ts('gathered_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.vehicleId, t.journeyId] }),
    // A fleet's period (reports) and one vehicle's period (logbook, the gathering cursor).
    index('history_journeys_org_started_idx').on(t.organizationId, t.startedAt),
    index('history_journeys_vehicle_started_idx').on(t.organizationId, t.vehicleId, t.startedAt),
  ],
);

export const chargingHistory = pgTable(
  'history_charging_sessions',
  {
    organizationId: organizationRef(),
    vehicleId: text('vehicle_id').notNull(),
    sessionId: text('session_id').notNull(),
    startedAt: ts('started_at').notNull(),
    endedAt: ts('ended_at'),
    /** Seconds, as the upstream's `chargeDuration`. */
    durationSeconds: doublePrecision('duration_seconds'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    kwhFromGrid: doublePrecision('kwh_from_grid'),
    kwhInBattery: doublePrecision('kwh_in_battery'),
    startSoc: doublePrecision('start_soc'),
    endSoc: doublePrecision('end_soc'),
    externalTemperature: doublePrecision('external_temperature'),
    kwMedian: doublePrecision('kw_median'),
    gatheredAt: ts('gathered_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.vehicleId, t.sessionId] }),
    index('history_charging_org_started_idx').on(t.organizationId, t.startedAt),
    index('history_charging_vehicle_started_idx').on(t.organizationId, t.vehicleId, t.startedAt),
  ],
);

/**
 * One row per vehicle per UTC day: the day's latest state of charge, range, state of health and
 * position, and its highest odometer. Filled by the snapshot's telemetry reads and by pushed
 * `device.telemetry` events, at the figure's own time (an older figure never replaces a newer one).
 */
export const dailyReadings = pgTable(
  'history_daily_readings',
  {
    organizationId: organizationRef(),
    vehicleId: text('vehicle_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    odometerKm: doublePrecision('odometer_km'),
    stateOfCharge: doublePrecision('state_of_charge'),
    stateOfChargeAt: ts('state_of_charge_at'),
    stateOfHealth: doublePrecision('state_of_health'),
    stateOfHealthAt: ts('state_of_health_at'),
    rangeKm: doublePrecision('range_km'),
    rangeAt: ts('range_at'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    positionAt: ts('position_at'),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.vehicleId, t.day] }),
    index('history_daily_readings_org_day_idx').on(t.organizationId, t.day),
  ],
);

/**
 * The per vehicle per UTC day rollup the reports read: a month is ~30 small rows per vehicle
 * instead of its journeys and sessions. The journey and charging figures are recomputed from the
 * raw rows of each day a write touches (the gathering's upserts, pruning), so they always equal
 * the raw rows' sums; `hasReading` and the state of health come from the daily figures as they are
 * recorded (the first and the last of the day, by the vehicle's own time). A day is reported when
 * it has a journey, a charging session or a reading.
 */
export const vehicleDays = pgTable(
  'history_vehicle_days',
  {
    organizationId: organizationRef(),
    vehicleId: text('vehicle_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    journeys: integer('journeys').notNull().default(0),
    distanceKm: doublePrecision('distance_km').notNull().default(0),
    drivingSeconds: doublePrecision('driving_seconds').notNull().default(0),
    energyUsedKwh: doublePrecision('energy_used_kwh').notNull().default(0),
    chargingSessions: integer('charging_sessions').notNull().default(0),
    /** As the grid delivered it: what a tariff prices. */
    energyChargedKwh: doublePrecision('energy_charged_kwh').notNull().default(0),
    energyIntoBatteryKwh: doublePrecision('energy_into_battery_kwh').notNull().default(0),
    hasReading: boolean('has_reading').notNull().default(false),
    stateOfHealthFirst: doublePrecision('state_of_health_first'),
    stateOfHealthFirstAt: ts('state_of_health_first_at'),
    stateOfHealthLast: doublePrecision('state_of_health_last'),
    stateOfHealthLastAt: ts('state_of_health_last_at'),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.vehicleId, t.day] }),
    // A fleet's period, covering the sums the reports read: a month of past days (all-visible once
    // vacuumed, as they stop changing) is answered by an index-only scan, without the table.
    index('history_vehicle_days_org_day_idx').on(
      t.organizationId,
      t.day,
      t.vehicleId,
      t.journeys,
      t.distanceKm,
      t.drivingSeconds,
      t.energyUsedKwh,
      t.chargingSessions,
      t.energyChargedKwh,
      t.energyIntoBatteryKwh,
    ),
  ],
);

export const HISTORY_KINDS = ['journeys', 'charging'] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

/** ok: gathered as planned; the others wait for `nextAttemptAt` (none: until the vehicle's state changes). */
export const GATHERING_STATUSES = ['ok', 'no_consent', 'disconnected', 'not_listening', 'error'] as const;
export type GatheringStatus = (typeof GATHERING_STATUSES)[number];

/**
 * Where the gathering of one kind of one vehicle stands. A walk pages the upstream's list newest
 * first for items started after `cursorAt`; its progress (`walkNewestAt`, `walkOldestAt`) is
 * saved after each page, so a walk cut by the budget or a restart goes on below `walkOldestAt`.
 * `completeAt`: every item started before it (and after `coveredFrom`) is stored.
 */
export const historyGathering = pgTable(
  'history_gathering',
  {
    organizationId: organizationRef(),
    vehicleId: text('vehicle_id').notNull(),
    kind: text('kind').$type<HistoryKind>().notNull(),
    status: text('status').$type<GatheringStatus>().notNull(),
    /** Why it is not ok: the upstream's code, the missing consent scope, the connection state. */
    reason: text('reason'),
    cursorAt: ts('cursor_at'),
    coveredFrom: ts('covered_from'),
    completeAt: ts('complete_at'),
    walkStartedAt: ts('walk_started_at'),
    walkNewestAt: ts('walk_newest_at'),
    walkOldestAt: ts('walk_oldest_at'),
    /**
     * A requested backfill's walk below `coveredFrom` (history_backfills): every item started in
     * [backfillOldestAt, coveredFrom] is stored, the next page asks below it; null when none is under way.
     */
    backfillOldestAt: ts('backfill_oldest_at'),
    /** Upstream calls spent in the budget window starting at `windowStart` (the vehicle's share is the sum over kinds). */
    windowStart: ts('window_start'),
    callsInWindow: integer('calls_in_window').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at'),
    failures: integer('failures').notNull().default(0),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.vehicleId, t.kind] }),
    check('history_gathering_kind_check', sql.raw(inList('kind', HISTORY_KINDS))),
    check('history_gathering_status_check', sql.raw(inList('status', GATHERING_STATUSES))),
  ],
);

/** queued: no call spent yet; gathering: pages asked; done: stored back to the start; failed: the upstream cannot be read (`reason`). */
export const BACKFILL_STATUSES = ['queued', 'gathering', 'done', 'failed'] as const;
export type BackfillStatus = (typeof BACKFILL_STATUSES)[number];

/**
 * A vehicle's history asked for back to `requestedFrom`, earlier than the gathering's first walk
 * reaches (HISTORY_BACKFILL_DAYS): the `history.gather` job walks below what is stored within the
 * vehicle's budget share. One row per vehicle: a request while one is open merges into it (the
 * earlier start wins); a closed one (done, failed) is replaced. Every request is also in the audit log.
 */
export const historyBackfills = pgTable(
  'history_backfills',
  {
    organizationId: organizationRef(),
    vehicleId: text('vehicle_id').notNull(),
    requestedFrom: ts('requested_from').notNull(),
    status: text('status').$type<BackfillStatus>().notNull(),
    reason: text('reason'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedByEmail: text('requested_by_email'),
    requestedAt: ts('requested_at').notNull(),
    /** The upstream calls the console estimated when it was asked for (shown before it started). */
    estimatedCalls: integer('estimated_calls').notNull(),
    /** Calls the backfill's walks spent so far. */
    calls: integer('calls').notNull().default(0),
    finishedAt: ts('finished_at'),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.vehicleId] }),
    check('history_backfills_status_check', sql.raw(inList('status', BACKFILL_STATUSES))),
    index('history_backfills_open_idx').on(t.organizationId, t.status),
  ],
);

export type JourneyHistoryRow = typeof journeyHistory.$inferInsert;
export type ChargingHistoryRow = typeof chargingHistory.$inferInsert;
export type HistoryGathering = typeof historyGathering.$inferSelect;
export type HistoryBackfill = typeof historyBackfills.$inferSelect;
