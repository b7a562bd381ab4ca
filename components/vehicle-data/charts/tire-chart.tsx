'use client';

import { Area, ComposedChart, CartesianGrid, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMonthDayHour } from '@/lib/format/time';
import { usePreferences } from '@/lib/hooks/use-preferences';
import type { TireBucket, TireKey } from '@/lib/vehicle-data/tires';
import { AXIS, GRID, SERIES, shortDay, TOOLTIP_STYLE, withUnitTick } from './chart-theme';

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
  const data = buckets.map((b) => ({
    label: tick(b, size, zone),
    mean: b[tire]?.mean ?? null,
    range: b[tire] ? [b[tire].min, b[tire].max] : null,
  }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid {...GRID} />
        <XAxis dataKey="label" {...AXIS} minTickGap={24} />
        <YAxis {...AXIS} width={64} tickFormatter={withUnitTick(unit)} domain={domain} ticks={ticks} />
        <Tooltip
          {...TOOLTIP_STYLE}
          formatter={(value) =>
            Array.isArray(value) ? `${value.map((v) => Number(v).toFixed(1)).join(' – ')} ${unit}` : `${Number(value).toFixed(1)} ${unit}`
          }
        />
        {size === 'day' ? (
          <Area dataKey="range" name="Range of the day" stroke="none" fill={SERIES.primary} fillOpacity={0.3} isAnimationActive={false} />
        ) : null}
        <Line
          dataKey="mean"
          name={size === 'day' ? 'Mean of the day' : 'Pressure'}
          stroke={SERIES.primary}
          dot={false}
          strokeWidth={2}
          isAnimationActive={false}
          connectNulls={false}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
