'use client';

import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { AXIS, GRID, SERIES, shortDay, TOOLTIP_STYLE } from '@/components/vehicle-data/charts/chart-theme';
import { FIGURES, figureValue, type ReportDay } from '@/lib/reports/report';

/** One small bar chart per figure, per UTC day of the period (the daily table beside them holds the same numbers). */
export function ReportCharts({ days }: { days: ReportDay[] }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2" aria-hidden>
      {FIGURES.map((figure) => {
        const data = days.map((d) => ({ day: d.day, value: figureValue(d, figure.key) }));
        const unit = figure.unit ? ` ${figure.unit}` : '';
        return (
          <figure key={figure.key} className="min-w-0">
            <figcaption className="mb-1 text-xs font-medium text-zinc-700 dark:text-zinc-300">
              {figure.label}
              {figure.unit ? ` (${figure.unit})` : ''}
            </figcaption>
            <div className="h-36 text-zinc-600 dark:text-zinc-400">
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={data} accessibilityLayer={false} margin={{ top: 4, right: 4, bottom: 0, left: 0 }}>
                  <CartesianGrid {...GRID} />
                  <XAxis dataKey="day" tickFormatter={shortDay} {...AXIS} minTickGap={16} />
                  <YAxis {...AXIS} width={36} allowDecimals={figure.unit !== ''} />
                  <Tooltip
                    {...TOOLTIP_STYLE}
                    labelFormatter={(day) => shortDay(String(day))}
                    formatter={(value) => [`${String(value)}${unit}`, figure.label]}
                  />
                  <Bar dataKey="value" fill={SERIES.primary} radius={[2, 2, 0, 0]} isAnimationActive={false} />
                </BarChart>
              </ResponsiveContainer>
            </div>
          </figure>
        );
      })}
    </div>
  );
}
