import 'server-only';
import type { Db } from '@/lib/db';
import { recordPushedReading, type SnapshotReading } from '@/lib/db/repos/vehicle-snapshots';
import type { WebhookEvent, WebhookEventOutcome } from '@/lib/db/schema';
import { readingFromTelemetry } from '@/lib/snapshot/server/refresh-snapshots';
import { telemetrySchema } from '@/lib/vehicle-api';
import { validDate } from './event-time';
import { deviceTelemetrySchema } from './webhook-payloads';

/**
 * The snapshot figure each `device.telemetry` metric carries. The event's `vehicle` object holds
 * the metric's block in the telemetry answer's shape (`stateOfCharge: {value, unit}`, `location:
 * {latitude, longitude}` ...; an assumption, contract-gaps names only `metricType`, `vehicle`,
 * `timestamp`). Metrics the snapshot does not keep are recorded and ignored.
 */
const SNAPSHOT_FIGURE: Readonly<Record<string, keyof Omit<SnapshotReading, 'lastSeenAt'>>> = {
  STATE_OF_CHARGE: 'stateOfCharge',
  RANGE: 'rangeKm',
  ODOMETER: 'odometerKm',
  LOCATION: 'location',
  CHARGING_STATE: 'charging',
  TIRES: 'tireMinKpa',
};

/** `device.telemetry`: the metric's figure into the fleet snapshot, at the event's own timestamp, forward only. */
export async function applyTelemetryEvent(
  db: Db,
  event: Pick<WebhookEvent, 'organizationId' | 'occurredAt' | 'receivedAt'>,
  data: unknown,
): Promise<{ outcome: WebhookEventOutcome; detail?: string }> {
  const parsed = deviceTelemetrySchema.safeParse(data);
  if (!parsed.success) return { outcome: 'invalid', detail: 'device.telemetry without metricType or vehicle' };
  const { metricType, vehicle, timestamp } = parsed.data;
  const figure = SNAPSHOT_FIGURE[metricType];
  if (!figure) return { outcome: 'ignored', detail: `The snapshot does not keep the metric ${metricType}.` };
  const at = validDate(timestamp) ?? event.occurredAt;
  if (!at) return { outcome: 'ignored', detail: 'device.telemetry without a timestamp.' };
  const blocks = typeof vehicle === 'string' ? undefined : telemetrySchema.safeParse(vehicle);
  const timed = blocks?.success ? readingFromTelemetry(blocks.data)[figure] : undefined;
  if (!timed) return { outcome: 'ignored', detail: `device.telemetry ${metricType} carries no value.` };
  const vehicleId = typeof vehicle === 'string' ? vehicle : vehicle.id;
  const stored = await recordPushedReading(db, event.organizationId, vehicleId, { [figure]: { ...timed, at } }, event.receivedAt);
  return stored ? { outcome: 'applied' } : { outcome: 'ignored', detail: 'The vehicle is not in the fleet snapshot (yet).' };
}
