'use client';

import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { AXIS, GRID, SERIES, shortDay, TOOLTIP_STYLE } from '@/components/vehicle-data/charts/chart-theme';

export interface TrendChartSeries {
  key: string;
  label: string;
  unit: string;
  color: keyof typeof SERIES;
  points: { start: string; value: number }[];
}

/** One small bar chart per weekly figure (the table beside them holds the same numbers). */
export function TrendsCharts({ series }: { series: TrendChartSeries[] }) {
  return (
    <div className="grid gap-4" aria-hidden>
      {series.map((s) => (
        <figure key={s.key} className="min-w-0">
          <figcaption className="mb-1 text-xs font-medium text-zinc-700 dark:text-zinc-300">
            {s.label} ({s.unit}) per week
          </figcaption>
          <div className="h-32 text-zinc-600 dark:text-zinc-400">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={s.points} accessibilityLayer={false} margin={{ top: 4, right: 4, bottom: 0, left: 0 }}>
                <CartesianGrid {...GRID} />
                <XAxis dataKey="start" tickFormatter={shortDay} {...AXIS} minTickGap={16} />
                <YAxis {...AXIS} width={40} />
                <Tooltip
                  {...TOOLTIP_STYLE}
                  labelFormatter={(start) => `Week of ${shortDay(String(start))}`}
                  formatter={(value) => [`${String(value)} ${s.unit}`, s.label]}
                />
                <Bar dataKey="value" fill={SERIES[s.color]} radius={[2, 2, 0, 0]} isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </div>
        </figure>
      ))}
    </div>
  );
}
