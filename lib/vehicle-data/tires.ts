import { dayKeyOf } from './days';

export const TIRES = [
  { key: 'frontLeft', label: 'Front left' },
  { key: 'frontRight', label: 'Front right' },
  { key: 'rearLeft', label: 'Rear left' },
  { key: 'rearRight', label: 'Rear right' },
] as const;
export type TireKey = (typeof TIRES)[number]['key'];

/** A reading of the tire history: pressures arrive as decimal strings [V], in kPa [A]. */
export type TireReading = { bucket?: string | null } & Partial<Record<TireKey, string | number | null>>;

export type TireStats = { min: number; mean: number; max: number };
export type TireBucket = { key: string; start: string; readings: number } & Record<TireKey, TireStats | null>;

/** A pressure as a number; anything unreadable or not positive is no reading. */
export function pressureOf(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) && number > 0 ? number : null;
}

/** Hourly rows for up to a week (at most 168 points), daily buckets beyond. */
export function tireBucketSize(fromMs: number, toMs: number): 'hour' | 'day' {
  return toMs - fromMs <= 7 * 86_400_000 ? 'hour' : 'day';
}

/** Min, mean and max of each tire per bucket (the hour as sent, or the day in `timeZone`), oldest first. */
export function bucketTireReadings(rows: readonly TireReading[], size: 'hour' | 'day', timeZone: string): TireBucket[] {
  const groups = new Map<string, { start: string; rows: TireReading[] }>();
  for (const row of rows) {
    if (!row.bucket || Number.isNaN(Date.parse(row.bucket))) continue;
    const key = size === 'hour' ? new Date(row.bucket).toISOString() : dayKeyOf(row.bucket, timeZone)!;
    const group = groups.get(key);
    if (group) {
      group.rows.push(row);
      if (row.bucket < group.start) group.start = row.bucket;
    } else groups.set(key, { start: row.bucket, rows: [row] });
  }
  return [...groups.entries()]
    .map(([key, group]) => {
      const bucket = { key, start: group.start, readings: group.rows.length } as TireBucket;
      for (const { key: tire } of TIRES) {
        const values = group.rows.map((r) => pressureOf(r[tire])).filter((v): v is number => v !== null);
        bucket[tire] = values.length
          ? { min: Math.min(...values), mean: values.reduce((sum, v) => sum + v, 0) / values.length, max: Math.max(...values) }
          : null;
      }
      return bucket;
    })
    .sort((a, b) => a.start.localeCompare(b.start));
}
