import 'server-only';
import type { Db } from '@/lib/db';
import { recordDailyFigures, upsertChargingSessions, upsertJourneys } from '@/lib/db/repos/history/store';

/** A small November in the history store: two vehicles' journeys, one charging session, two health readings. */
const at = (iso: string) => new Date(iso);

function journey(organizationId: string, vehicleId: string, journeyId: string, start: string, minutes: number, km: number) {
  const startedAt = at(start);
  return {
    organizationId,
    vehicleId,
    journeyId,
    startedAt,
    stoppedAt: new Date(startedAt.getTime() + minutes * 60_000),
    distanceKm: km,
    odometerStartKm: 1000,
    odometerEndKm: 1000 + km,
    startLatitude: 48.137431,
    startLongitude: 11.575492,
    stopLatitude: 48.2,
    stopLongitude: 11.6,
    gatheredAt: at('2026-11-25T00:00:00Z'),
  };
}

export async function seedReportHistory(db: Db, org: string) {
  await upsertJourneys(db, [
    journey(org, 'veh_a', 'j1', '2026-11-03T08:00:00Z', 30, 20),
    journey(org, 'veh_a', 'j2', '2026-11-04T17:15:00Z', 90, 12.5),
    journey(org, 'veh_b', 'j3', '2026-11-10T09:00:00Z', 60, 40),
    // October: outside the month.
    journey(org, 'veh_b', 'j0', '2026-10-31T23:59:00Z', 60, 99),
  ]);
  await upsertChargingSessions(db, [
    {
      organizationId: org,
      vehicleId: 'veh_a',
      sessionId: 's1',
      startedAt: at('2026-11-05T20:00:00Z'),
      kwhFromGrid: 30,
      kwhInBattery: 27,
      gatheredAt: at('2026-11-25T00:00:00Z'),
    },
  ]);
  await recordDailyFigures(db, org, 'veh_a', { stateOfHealth: { value: 96, at: at('2026-11-02T10:00:00Z') } }, at('2026-11-02T10:00:00Z'));
  await recordDailyFigures(
    db,
    org,
    'veh_a',
    { stateOfHealth: { value: 95.5, at: at('2026-11-20T10:00:00Z') } },
    at('2026-11-20T10:00:00Z'),
  );
}
