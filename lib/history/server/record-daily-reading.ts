import 'server-only';
import { recordDailyFigures, type DailyFigures } from '@/lib/db/repos/history/store';
import type { SnapshotReading } from '@/lib/db/repos/vehicle-snapshots';
import { logger } from '@/lib/ops/log';

/** The daily-reading figures of a reading (read or pushed): only numbers with the vehicle's own time. */
export function dailyFiguresOf(reading: Pick<SnapshotReading, 'odometerKm' | 'stateOfCharge' | 'rangeKm' | 'location'>): DailyFigures {
  const figures: DailyFigures = {};
  const timed = (t: { value: number | null; at: Date | null } | undefined) =>
    t && typeof t.value === 'number' && Number.isFinite(t.value) && t.at ? { value: t.value, at: t.at } : undefined;
  figures.odometerKm = timed(reading.odometerKm);
  figures.stateOfCharge = timed(reading.stateOfCharge);
  figures.rangeKm = timed(reading.rangeKm);
  if (reading.location?.value && reading.location.at) figures.position = { ...reading.location.value, at: reading.location.at };
  return figures;
}

/**
 * Folds a reading into the history's daily readings. The reading is already stored in the snapshot
 * (what the caller is for): a failure here is logged, never the caller's failure.
 */
export const recordDailyReading: typeof recordDailyFigures = async (db, organizationId, vehicleId, figures, now) => {
  if (!Object.values(figures).some(Boolean)) return;
  try {
    await recordDailyFigures(db, organizationId, vehicleId, figures, now);
  } catch (error) {
    logger().warn({ event: 'history.daily_reading_failed', organizationId, vehicleId, err: error }, 'could not record a daily reading');
  }
};
