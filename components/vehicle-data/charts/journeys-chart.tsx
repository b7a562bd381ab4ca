'use client';

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { convertDistance, DISTANCE_LABEL } from '@/lib/format/units';
import type { DistanceUnit } from '@/lib/format/preferences';
import type { JourneyDay } from '@/lib/vehicle-data/journeys';
import { AXIS, GRID, SERIES, shortDay, TOOLTIP_STYLE } from './chart-theme';

/** Distance (the person's unit, left axis) and energy used (kWh, right axis) per day. */
export function JourneysChart({ days, unit = 'km' }: { days: JourneyDay[]; unit?: DistanceUnit }) {
  const label = DISTANCE_LABEL[unit];
  const data = days.map((d) => ({ ...d, distance: convertDistance(d.distanceKm, unit) ?? 0 }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid {...GRID} />
        <XAxis dataKey="day" tickFormatter={shortDay} {...AXIS} minTickGap={16} />
        <YAxis yAxisId="km" {...AXIS} width={40} />
        <YAxis yAxisId="kwh" orientation="right" {...AXIS} width={36} />
        <Tooltip
          {...TOOLTIP_STYLE}
          labelFormatter={(day) => shortDay(String(day))}
          formatter={(value, name) => [`${Number(value).toFixed(1)} ${String(name).startsWith('Distance') ? label : 'kWh'}`, name]}
        />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Bar
          yAxisId="km"
          dataKey="distance"
          name={`Distance (${label}, left axis)`}
          fill={SERIES.primary}
          radius={[3, 3, 0, 0]}
          isAnimationActive={false}
        />
        <Bar
          yAxisId="kwh"
          dataKey="energyKwh"
          name="Energy used (kWh, right axis)"
          fill={SERIES.secondary}
          radius={[3, 3, 0, 0]}
          isAnimationActive={false}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}
