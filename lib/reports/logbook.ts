/** A mileage logbook: one line per journey, oldest first, times in UTC, places as coordinates. */

export interface LogbookEntry {
  journeyId: string;
  /** `YYYY-MM-DD` (UTC). */
  date: string;
  /** `HH:MM` (UTC). */
  startTime: string;
  endTime: string | null;
  startPlace: string | null;
  endPlace: string | null;
  distanceKm: number | null;
  odometerStartKm: number | null;
  odometerEndKm: number | null;
}

export const LOGBOOK_CSV_HEADER = [
  'date_utc',
  'start_time_utc',
  'end_time_utc',
  'start_place',
  'end_place',
  'distance_km',
  'odometer_start_km',
  'odometer_end_km',
  'journey_id',
] as const;

export function logbookCsvValues(entry: LogbookEntry): unknown[] {
  return [
    entry.date,
    entry.startTime,
    entry.endTime,
    entry.startPlace,
    entry.endPlace,
    entry.distanceKm,
    entry.odometerStartKm,
    entry.odometerEndKm,
    entry.journeyId,
  ];
}

/** `48.13743, 11.57549`: five decimals is about a metre, the upstream's own precision. */
export function placeOf(latitude: number | null | undefined, longitude: number | null | undefined): string | null {
  if (latitude == null || longitude == null) return null;
  return `${latitude.toFixed(5)}, ${longitude.toFixed(5)}`;
}

const time = (at: Date) => at.toISOString().slice(11, 16);

export function logbookEntry(journey: {
  journeyId: string;
  startedAt: Date;
  stoppedAt: Date | null;
  startLatitude: number | null;
  startLongitude: number | null;
  stopLatitude: number | null;
  stopLongitude: number | null;
  distanceKm: number | null;
  odometerStartKm: number | null;
  odometerEndKm: number | null;
}): LogbookEntry {
  return {
    journeyId: journey.journeyId,
    date: journey.startedAt.toISOString().slice(0, 10),
    startTime: time(journey.startedAt),
    endTime: journey.stoppedAt ? time(journey.stoppedAt) : null,
    startPlace: placeOf(journey.startLatitude, journey.startLongitude),
    endPlace: placeOf(journey.stopLatitude, journey.stopLongitude),
    distanceKm: journey.distanceKm,
    odometerStartKm: journey.odometerStartKm,
    odometerEndKm: journey.odometerEndKm,
  };
}
