'use client';

import { BarChart } from '@/components/charts/bar-chart';
import { convertDistance, DISTANCE_LABEL } from '@/lib/format/units';
import type { DistanceUnit } from '@/lib/format/preferences';
import type { JourneyDay } from '@/lib/vehicle-data/journeys';
import { SERIES, shortDay } from './chart-theme';

/** Distance (the person's unit, left axis) and energy used (kWh, right axis) per day. */
export function JourneysChart({ days, unit = 'km' }: { days: JourneyDay[]; unit?: DistanceUnit }) {
  const label = DISTANCE_LABEL[unit];
  return (
    <BarChart
      categories={days.map((d) => shortDay(d.day))}
      legend
      series={[
        {
          name: `Distance (${label}, left axis)`,
          color: SERIES.primary,
          values: days.map((d) => convertDistance(d.distanceKm, unit) ?? 0),
          format: (value) => `${value.toFixed(1)} ${label}`,
        },
        {
          name: 'Energy used (kWh, right axis)',
          color: SERIES.secondary,
          axis: 'right',
          values: days.map((d) => d.energyKwh),
          format: (value) => `${value.toFixed(1)} kWh`,
        },
      ]}
    />
  );
}
