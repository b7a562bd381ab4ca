'use client';

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMonthDay } from '@/lib/format/time';
import { usePreferences } from '@/lib/hooks/use-preferences';
import type { SessionEnergy } from '@/lib/vehicle-data/charging';
import { AXIS, GRID, SERIES, TOOLTIP_STYLE, withUnitTick } from './chart-theme';

const label = (startedAt: string | null, zone: string) => (startedAt ? formatMonthDay(new Date(startedAt), zone) : '?');

/** Energy drawn from the grid and stored in the battery, per session, oldest first. */
export function ChargingChart({ sessions }: { sessions: SessionEnergy[] }) {
  const { zone } = usePreferences();
  const data = sessions.map((s) => ({ ...s, label: label(s.startedAt, zone) }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid {...GRID} />
        <XAxis dataKey="label" {...AXIS} minTickGap={12} />
        <YAxis {...AXIS} width={64} tickFormatter={withUnitTick('kWh')} />
        <Tooltip {...TOOLTIP_STYLE} formatter={(value, name) => [`${Number(value).toFixed(1)} kWh`, name]} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Bar dataKey="fromGridKwh" name="From the grid" fill={SERIES.secondary} radius={[3, 3, 0, 0]} isAnimationActive={false} />
        <Bar dataKey="intoBatteryKwh" name="Into the battery" fill={SERIES.primary} radius={[3, 3, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
