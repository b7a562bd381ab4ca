'use client';

import { BarChart } from '@/components/charts/bar-chart';
import { formatMonthDay } from '@/lib/format/time';
import { usePreferences } from '@/lib/hooks/use-preferences';
import type { SessionEnergy } from '@/lib/vehicle-data/charging';
import { SERIES, withUnitTick } from './chart-theme';

const label = (startedAt: string | null, zone: string) => (startedAt ? formatMonthDay(new Date(startedAt), zone) : '?');
const kwh = (value: number) => `${value.toFixed(1)} kWh`;

/** Energy drawn from the grid and stored in the battery, per session, oldest first. */
export function ChargingChart({ sessions }: { sessions: SessionEnergy[] }) {
  const { zone } = usePreferences();
  return (
    <BarChart
      categories={sessions.map((s) => label(s.startedAt, zone))}
      tickFormat={withUnitTick('kWh')}
      legend
      series={[
        { name: 'From the grid', color: SERIES.secondary, values: sessions.map((s) => s.fromGridKwh), format: kwh },
        { name: 'Into the battery', color: SERIES.primary, values: sessions.map((s) => s.intoBatteryKwh), format: kwh },
      ]}
    />
  );
}
