import 'server-only';
import type { ChargingHistoryRow, JourneyHistoryRow } from '@/lib/db/schema';
import type { ChargingSession, Journey } from '@/lib/vehicle-api';
import { upstreamDate } from '@/lib/vehicle-api/upstream-values';

/** A gathered item as the store keeps it, with what the walk needs to move its cursor. */
export interface Gathered {
  startedAt: Date;
  /** Whether the item has ended (a charging session still going on is asked again). */
  ended: boolean;
  row: JourneyHistoryRow | ChargingHistoryRow;
}

/** A figure the store can compute with: a number, else nothing (a value the upstream sent as no number is not summed). */
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** A journey as the store keeps it; none without a start (it could be neither ordered nor reported). */
export function journeyRow(organizationId: string, vehicleId: string, j: Journey, gatheredAt: Date): Gathered | undefined {
  const startedAt = upstreamDate(j.startTimestamp);
  if (!startedAt) return undefined;
  const stoppedAt = upstreamDate(j.stopTimestamp);
  return {
    startedAt,
    ended: stoppedAt !== null,
    row: {
      organizationId,
      vehicleId,
      journeyId: j.id,
      startedAt,
      stoppedAt,
      distanceKm: num(j.distanceTravelledKm),
      odometerStartKm: num(j.odometerStart),
      odometerEndKm: num(j.odometerEnd),
      energyUsedKwh: num(j.energyUsedKwh),
      socStart: num(j.socStart),
      socEnd: num(j.socEnd),
      startLatitude: num(j.startLatitude),
      startLongitude: num(j.startLongitude),
      stopLatitude: num(j.stopLatitude),
      stopLongitude: num(j.stopLongitude),
      gatheredAt,
    },
  };
}

export function chargingRow(organizationId: string, vehicleId: string, s: ChargingSession, gatheredAt: Date): Gathered | undefined {
  const startedAt = upstreamDate(s.startedAt);
  if (!startedAt) return undefined;
  const endedAt = upstreamDate(s.endedAt);
  return {
    startedAt,
    ended: endedAt !== null,
    row: {
      organizationId,
      vehicleId,
      sessionId: s.id,
      startedAt,
      endedAt,
      durationSeconds: num(s.chargeDuration),
      latitude: num(s.latitude),
      longitude: num(s.longitude),
      kwhFromGrid: num(s.kwhFromGrid),
      kwhInBattery: num(s.kwhInHvb),
      startSoc: num(s.startStateOfCharge),
      endSoc: num(s.endStateOfCharge),
      externalTemperature: num(s.externalTemperature),
      kwMedian: num(s.kwMedian),
      gatheredAt,
    },
  };
}
