import 'server-only';
import { bigint, boolean, doublePrecision, index, integer, json, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../ids';
import { createdAt, ts, updatedAt } from './columns';
import { users, organizationRef } from './access';

/** Per-vehicle memory: the fleet snapshot, the platform alerts cache, upstream errors for support, and saved views of the list. */

/**
 * The last read of a vehicle's platform alerts (`GET /v1/vehicles/{id}/alerts`), kept so the
 * vehicle's inbox and the fleet's read the upstream at most once per vehicle per TTL
 * (`ALERTS_TTL_MS`), across instances. A cache of the upstream, not Motorpool's own state.
 */
export const platformAlertReads = pgTable(
  'platform_alert_reads',
  {
    organizationId: organizationRef(),
    vehicleId: text('vehicle_id').notNull(),
    alerts: jsonb('alerts').$type<unknown[]>().notNull(),
    upstreamRequestId: text('upstream_request_id'),
    fetchedAt: ts('fetched_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.vehicleId] })],
);

/**
 * The last upstream errors met for a vehicle (code, status, endpoint, request id, time), kept for
 * the support bundle: at most 20 per vehicle, the oldest dropped when a new one is written. No
 * error message is kept (it may carry what the upstream echoed back).
 */
export const vehicleUpstreamErrors = pgTable(
  'vehicle_upstream_errors',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: organizationRef(),
    vehicleId: text('vehicle_id').notNull(),
    code: text('code').notNull(),
    /** Upstream HTTP status; 0 when no answer came (time-out, network, breaker pause). */
    status: integer('status').notNull(),
    endpoint: text('endpoint').notNull(),
    upstreamRequestId: text('upstream_request_id'),
    occurredAt: ts('occurred_at').notNull().defaultNow(),
  },
  (t) => [index('vehicle_upstream_errors_org_vehicle_idx').on(t.organizationId, t.vehicleId, t.occurredAt.desc(), t.id.desc())],
);

/**
 * The fleet snapshot: each listed vehicle's latest known state, kept by the `fleet.snapshot` job
 * within a share of the vehicle's request budget, so fleet views (filters, overview, map) read
 * the database instead of one upstream call per vehicle per look. Each figure carries the
 * vehicle's own timestamp: an older reading never replaces a newer one (repos/vehicle-snapshots).
 * Vehicles the upstream no longer lists (disconnected) are removed.
 */
export const vehicleSnapshots = pgTable(
  'vehicle_snapshots',
  {
    organizationId: organizationRef(),
    vehicleId: text('vehicle_id').notNull(),
    /** From the vehicle list (one call per page of vehicles). */
    vin: text('vin'),
    make: text('make'),
    model: text('model'),
    registrationPlate: text('registration_plate'),
    isListening: boolean('is_listening').notNull().default(true),
    connectionStatus: text('connection_status'),
    /** As of when `connectionStatus` is known (the list walk's time, or a connection event's): older never replaces it. */
    connectionAt: ts('connection_at'),
    /** The vehicle list's `metadata.lastSeenAt`: when the vehicle last reported anything. */
    lastSeenAt: ts('last_seen_at'),
    listedAt: ts('listed_at').notNull(),
    /** From the telemetry, each with the vehicle's timestamp of that figure. */
    stateOfCharge: doublePrecision('state_of_charge'),
    stateOfChargeAt: ts('state_of_charge_at'),
    rangeKm: doublePrecision('range_km'),
    rangeAt: ts('range_at'),
    odometerKm: doublePrecision('odometer_km'),
    odometerAt: ts('odometer_at'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    locationAt: ts('location_at'),
    chargingState: text('charging_state'),
    chargePortDoorOpen: boolean('charge_port_door_open'),
    chargingAt: ts('charging_at'),
    locked: boolean('locked'),
    lockedAt: ts('locked_at'),
    /** The lowest of the four tires, in kPa. */
    tireMinKpa: doublePrecision('tire_min_kpa'),
    tiresAt: ts('tires_at'),
    /**
     * Battery state of health (percent of nominal capacity), read at most once a day per vehicle
     * within the snapshot's budget share, at the vendor's calculation date. Status of the last
     * ask: READ, NO_DATA (a 404: no battery data yet, not an error) or the error code.
     */
    stateOfHealth: doublePrecision('state_of_health'),
    stateOfHealthAt: ts('state_of_health_at'),
    stateOfHealthCheckedAt: ts('state_of_health_checked_at'),
    stateOfHealthStatus: text('state_of_health_status'),
    /** When Motorpool last read the telemetry successfully. */
    fetchedAt: ts('fetched_at'),
    /** When a pushed `device.telemetry` event last brought a figure (the snapshot job skips what events keep fresh). */
    pushedAt: ts('pushed_at'),
    /** The vehicle's `COMMANDS_AND_FETCH_STATE` budget, read from /v1/rate-limits about once a day. */
    budgetMax: integer('budget_max'),
    budgetWindowSeconds: integer('budget_window_seconds'),
    budgetReadAt: ts('budget_read_at'),
    /**
     * Budgets pushed by `rate_limit.updated`, by key (`OEM_ENERGY_API_COMMANDS` ...): remaining of
     * maximum as of the event's time; an older event never replaces a newer figure.
     */
    pushedBudgets: jsonb('pushed_budgets').$type<Record<string, PushedBudget>>(),
    /** Platform alerts pushed by `alert.updated`, by alert id, each as of its event (forward only). */
    pushedAlerts: jsonb('pushed_alerts').$type<Record<string, PushedAlert>>(),
    /** Whether one pushed alert is active and not muted: the fleet views' "has alerts" mark and filter. */
    hasAlerts: boolean('has_alerts').notNull().default(false),
    /** The last failed read (an error code), cleared by the next success. */
    lastError: text('last_error'),
    lastErrorAt: ts('last_error_at'),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.vehicleId] }),
    index('vehicle_snapshots_org_fetched_idx').on(t.organizationId, t.fetchedAt),
    index('vehicle_snapshots_org_seen_idx').on(t.organizationId, t.lastSeenAt),
  ],
);
export type VehicleSnapshot = typeof vehicleSnapshots.$inferSelect;
export type PushedBudget = { remaining: number; max: number; windowSeconds: number | null; domain: string | null; at: string };
export type PushedAlert = { active: boolean; muted: boolean; code: string | null; severity: string | null; at: string };

/**
 * A saved view of the vehicles list: its URL parameters (JSON filter, tag, state filters,
 * columns, sort) under a name, for its owner alone or shared with the organization. A view whose
 * owner was deleted stays, for an admin to keep or remove.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: uuid('id').primaryKey().defaultRandom().$defaultFn(uuidv7),
    organizationId: organizationRef(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    shared: boolean('shared').notNull().default(false),
    /** The list's URL parameters, validated by lib/views/schemas.ts on the way in. */
    query: jsonb('query').$type<Record<string, string>>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('saved_views_org_owner_idx').on(t.organizationId, t.ownerId),
    index('saved_views_org_shared_idx').on(t.organizationId, t.shared),
  ],
);
export type SavedView = typeof savedViews.$inferSelect;
export type PlatformAlertRead = typeof platformAlertReads.$inferSelect;
export type VehicleUpstreamError = typeof vehicleUpstreamErrors.$inferSelect;

/**
 * The resolution steps of a platform alert a member ticked: the team's, not one browser's. One
 * row per ticked step; unticking removes it. Alerts are the upstream's, so the alert and step are
 * named by the upstream's ids (the key of the step as the inbox shows it).
 */
export const alertStepTicks = pgTable(
  'alert_step_ticks',
  {
    organizationId: organizationRef(),
    vehicleId: text('vehicle_id').notNull(),
    alertId: text('alert_id').notNull(),
    stepKey: text('step_key').notNull(),
    tickedBy: uuid('ticked_by').references(() => users.id, { onDelete: 'set null' }),
    /** Kept as text for a member who left: the name stays beside the tick. */
    tickedByEmail: text('ticked_by_email'),
    tickedAt: ts('ticked_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.vehicleId, t.alertId, t.stepKey] }),
    index('alert_step_ticks_org_alert_idx').on(t.organizationId, t.alertId),
  ],
);
export type AlertStepTick = typeof alertStepTicks.$inferSelect;

/**
 * Vehicle section reads shared by the instances on one PostgreSQL (lib/org/db-shared-reads.ts):
 * the last successful body of one upstream GET of an organization, and the lease of the instance
 * fetching it now. Another instance's read of the same request within its freshness window
 * answers from here, or waits for the lease holder instead of calling the upstream too. Only 2xx
 * vehicle data is stored (never an error, never a token); a write to the vehicle through the client
 * forgets its reads, and rows are pruned minutes after their read.
 * `key` is a hash of the organization's credentials scope and the request (method, path, query).
 */
export const sharedReads = pgTable(
  'shared_reads',
  {
    organizationId: organizationRef(),
    key: text('key').notNull(),
    /** The vehicle the request is about (its path's), so a write to the vehicle forgets its reads. */
    vehicleId: text('vehicle_id'),
    status: integer('status'),
    /** `json`, not `jsonb`: the body keeps its keys' order and spelling, as the support view shows it. */
    body: json('body'),
    upstreamRequestId: text('upstream_request_id'),
    /** The database's clock when the body was stored: freshness is judged on one clock for every instance. */
    fetchedAt: ts('fetched_at'),
    /** The instance fetching now, until `leaseUntil` (the longest its call may take). */
    leaseOwner: text('lease_owner'),
    leaseUntil: ts('lease_until'),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.key] }),
    index('shared_reads_vehicle_idx').on(t.organizationId, t.vehicleId),
    index('shared_reads_fetched_at_idx').on(t.fetchedAt),
  ],
);
export type SharedReadRow = typeof sharedReads.$inferSelect;
