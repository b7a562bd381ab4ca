'use client';

import { BarChart } from '@/components/charts/bar-chart';
import { SERIES, shortDay } from '@/components/vehicle-data/charts/chart-theme';

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
            <BarChart
              categories={s.points.map((p) => shortDay(p.start))}
              tooltipTitle={(index) => `Week of ${shortDay(s.points[index].start)}`}
              radius={2}
              series={[
                { name: s.label, color: SERIES[s.color], values: s.points.map((p) => p.value), format: (value) => `${value} ${s.unit}` },
              ]}
            />
          </div>
        </figure>
      ))}
    </div>
  );
}
