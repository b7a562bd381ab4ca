'use client';

import { LineChart } from '@/components/charts/line-chart';
import { formatMonthDayHour } from '@/lib/format/time';
import { usePreferences } from '@/lib/hooks/use-preferences';
import type { TireBucket, TireKey } from '@/lib/vehicle-data/tires';
import { SERIES, shortDay, withUnitTick } from './chart-theme';

/** Daily buckets are keyed by the day in the person's zone already; hourly ones are instants. */
function tick(bucket: TireBucket, size: 'hour' | 'day', zone: string): string {
  if (size === 'day') return shortDay(bucket.key);
  return formatMonthDayHour(new Date(bucket.start), zone);
}

/** One tire's pressure over time (in `unit`, kPa by default): the mean, and for daily buckets the day's range as a band. */
export function TireChart({
  buckets,
  tire,
  size,
  domain,
  ticks,
  unit = 'kPa',
}: {
  buckets: TireBucket[];
  tire: TireKey;
  size: 'hour' | 'day';
  domain: [number, number];
  ticks: number[];
  unit?: string;
}) {
  const { zone } = usePreferences();
  return (
    <LineChart
      categories={buckets.map((b) => tick(b, size, zone))}
      domain={domain}
      ticks={ticks}
      tickFormat={withUnitTick(unit)}
      valueFormat={(value) => `${value.toFixed(1)} ${unit}`}
      line={{
        name: size === 'day' ? 'Mean of the day' : 'Pressure',
        color: SERIES.primary,
        values: buckets.map((b) => b[tire]?.mean ?? null),
      }}
      band={
        size === 'day'
          ? {
              name: 'Range of the day',
              values: buckets.map((b) => {
                const stats = b[tire];
                return stats ? ([stats.min, stats.max] as const) : null;
              }),
              format: ([low, high]) => `${low.toFixed(1)} – ${high.toFixed(1)} ${unit}`,
            }
          : undefined
      }
    />
  );
}
