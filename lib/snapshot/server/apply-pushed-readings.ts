import 'server-only';
import type { Db } from '@/lib/db';
import { recordConnection, recordPushedBudget, recordPushedReading, type SnapshotReading } from '@/lib/db/repos/vehicle-snapshots';
import { telemetrySchema } from '@/lib/vehicle-api';
import { publishChange } from '@/lib/live/server/publish-change';
import { readingFromTelemetry } from './refresh-snapshots';
import { dailyFiguresOf, recordDailyReading } from '@/lib/history/server/record-daily-reading';

/** A pushed fact that moved the snapshot: the organization's open pages hear of the vehicle (never the figure). */
async function noticed(stored: boolean, organizationId: string, vehicleId: string): Promise<boolean> {
  if (stored) await publishChange(organizationId, { kind: 'vehicle', vehicleId });
  return stored;
}

/** What a pushed fact did to the fleet snapshot: stored, or skipped with the reason. */
export type PushedOutcome = { stored: boolean } | { skipped: string };

/**
 * The snapshot figure each telemetry metric carries. The pushed `vehicle` object holds the
 * metric's block in the telemetry answer's shape (`stateOfCharge: {value, unit}`, `location:
 * {latitude, longitude}` ...; an assumption, contract-gaps names only `metricType`, `vehicle`,
 * `timestamp`). Metrics the snapshot does not keep are skipped.
 */
const SNAPSHOT_FIGURE: Readonly<Record<string, keyof Omit<SnapshotReading, 'lastSeenAt'>>> = {
  STATE_OF_CHARGE: 'stateOfCharge',
  RANGE: 'rangeKm',
  ODOMETER: 'odometerKm',
  LOCATION: 'location',
  CHARGING_STATE: 'charging',
  TIRES: 'tireMinKpa',
};

/** A pushed telemetry metric into the fleet snapshot, at its own time, forward only. */
export async function applyPushedTelemetry(
  db: Db,
  organizationId: string,
  pushed: { metricType: string; vehicle: string | ({ id: string } & Record<string, unknown>); at: Date; receivedAt: Date },
): Promise<PushedOutcome> {
  const figure = SNAPSHOT_FIGURE[pushed.metricType];
  if (!figure) return { skipped: `The snapshot does not keep the metric ${pushed.metricType}.` };
  const blocks = typeof pushed.vehicle === 'string' ? undefined : telemetrySchema.safeParse(pushed.vehicle);
  const timed = blocks?.success ? readingFromTelemetry(blocks.data)[figure] : undefined;
  if (!timed) return { skipped: `${pushed.metricType} carries no value.` };
  const vehicleId = typeof pushed.vehicle === 'string' ? pushed.vehicle : pushed.vehicle.id;
  const reading = { [figure]: { ...timed, at: pushed.at } };
  const stored = await recordPushedReading(db, organizationId, vehicleId, reading, pushed.receivedAt);
  // Between the reads, a pushed figure also fills the vehicle's daily reading of its day.
  await recordDailyReading(db, organizationId, vehicleId, dailyFiguresOf(reading), pushed.receivedAt);
  return { stored: await noticed(stored, organizationId, vehicleId) };
}

/** A vehicle's pushed connection state, at its time, forward only. False when the snapshot does not hold the vehicle. */
export async function applyPushedConnection(
  db: Db,
  organizationId: string,
  vehicleId: string,
  state: 'CONNECTED' | 'DISCONNECTED',
  at: Date,
): Promise<boolean> {
  return noticed(await recordConnection(db, organizationId, vehicleId, state, at), organizationId, vehicleId);
}

/** A vehicle's pushed rate budget for one key (forward only); the command budget reads it. False when the snapshot does not hold the vehicle. */
export async function applyPushedBudget(...args: Parameters<typeof recordPushedBudget>): Promise<boolean> {
  const [, organizationId, vehicleId] = args;
  return noticed(await recordPushedBudget(...args), organizationId, vehicleId);
}
