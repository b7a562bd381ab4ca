'use client';

import { BarChart } from '@/components/charts/bar-chart';
import { SERIES, shortDay } from '@/components/vehicle-data/charts/chart-theme';
import { FIGURES, figureValue, type ReportDay } from '@/lib/reports/report';

/** One small bar chart per figure, per UTC day of the period (the daily table beside them holds the same numbers). */
export function ReportCharts({ days }: { days: ReportDay[] }) {
  const categories = days.map((d) => shortDay(d.day));
  return (
    <div className="grid gap-4 sm:grid-cols-2" aria-hidden>
      {FIGURES.map((figure) => {
        const unit = figure.unit ? ` ${figure.unit}` : '';
        return (
          <figure key={figure.key} className="min-w-0">
            <figcaption className="mb-1 text-xs font-medium text-zinc-700 dark:text-zinc-300">
              {figure.label}
              {figure.unit ? ` (${figure.unit})` : ''}
            </figcaption>
            <div className="h-36 text-zinc-600 dark:text-zinc-400">
              <BarChart
                categories={categories}
                integers={figure.unit === ''}
                radius={2}
                series={[
                  {
                    name: figure.label,
                    color: SERIES.primary,
                    values: days.map((d) => figureValue(d, figure.key)),
                    format: (value) => `${value}${unit}`,
                  },
                ]}
              />
            </div>
          </figure>
        );
      })}
    </div>
  );
}
