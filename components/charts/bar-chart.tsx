'use client';

import { barPath } from '@/lib/charts/paths';
import { barSlots, linearScale, niceTicks } from '@/lib/charts/scale';
import { axisWidth, ChartBox, ChartSvg, ChartTooltip, defaultTick, Grid, tickCount, useCategoryPlot, XLabels, YTicks } from './chart-parts';
import { useChartSize } from './use-chart-size';

export interface BarSeries {
  name: string;
  /** A CSS colour (the theme's variables follow light and dark). */
  color: string;
  /** One value per category; null or zero draws no bar. */
  values: readonly (number | null)[];
  /** The axis the series is read on: its own scale on the right (default left). */
  axis?: 'left' | 'right';
  /** The value in the tooltip (default: the number as is). */
  format?: (value: number) => string;
}

type Axis = { ticks: number[]; labels: string[]; width: number };

function axisOf(
  series: readonly BarSeries[],
  side: 'left' | 'right',
  count: number,
  integers: boolean,
  format: (value: number) => string,
): Axis | null {
  const mine = series.filter((s) => (s.axis ?? 'left') === side);
  if (!mine.length) return null;
  const values = mine.flatMap((s) => s.values.filter((v): v is number => v !== null && Number.isFinite(v)));
  const ticks = niceTicks(Math.min(0, ...values), Math.max(0, ...values), { count, zero: true, integers });
  const labels = ticks.map(format);
  return { ticks, labels, width: axisWidth(labels) };
}

/**
 * Bars per category, one per series side by side, growing from zero with rounded ends; a series
 * on the right axis is scaled on its own. Horizontal grid lines at the left axis' ticks, x labels
 * thinned to fit, a tooltip for the category under the pointer, an optional legend.
 */
export function BarChart({
  categories,
  series,
  tooltipTitle = (index) => categories[index],
  tickFormat = defaultTick,
  rightTickFormat = defaultTick,
  integers = false,
  legend = false,
  radius = 3,
  width: fixedWidth,
  height: fixedHeight,
}: {
  /** The x labels, one per category. */
  categories: readonly string[];
  series: readonly BarSeries[];
  tooltipTitle?: (index: number) => string;
  tickFormat?: (value: number) => string;
  rightTickFormat?: (value: number) => string;
  /** Whole-number ticks on the left axis (counts). */
  integers?: boolean;
  legend?: boolean;
  radius?: number;
  /** The size to draw at instead of the measured box (tests, server renders). */
  width?: number;
  height?: number;
}) {
  const size = useChartSize(fixedWidth, fixedHeight);
  const { width, height } = size;
  const count = tickCount(height);
  const left = axisOf(series, 'left', count, integers, tickFormat);
  const right = axisOf(series, 'right', count, false, rightTickFormat);
  const { plot, bands, handlers, drawn, active } = useCategoryPlot(size, categories.length, { left: left?.width, right: right?.width });
  const scales = {
    left: left && linearScale([left.ticks[0], left.ticks.at(-1)!], [plot.bottom, plot.top]),
    right: right && linearScale([right.ticks[0], right.ticks.at(-1)!], [plot.bottom, plot.top]),
  };
  const slots = barSlots(bands.step, series.length);

  return (
    <ChartBox measure={size.measure} handlers={handlers} legend={legend ? series.map(({ name, color }) => ({ name, color })) : undefined}>
      {drawn ? (
        <ChartSvg width={width} height={height}>
          <Grid
            ys={left && scales.left ? left.ticks.map(scales.left) : []}
            plot={plot}
            axes={{ left: Boolean(left), right: Boolean(right) }}
          />
          {active ? (
            <rect
              x={bands.start(active.index)}
              y={plot.top}
              width={bands.step}
              height={plot.bottom - plot.top}
              fill="currentColor"
              fillOpacity={0.08}
            />
          ) : null}
          {series.map((s, i) => {
            const y = (s.axis === 'right' ? scales.right : scales.left)!;
            return (
              <g key={s.name} fill={s.color}>
                {s.values.map((value, index) =>
                  value === null || value === 0 || !Number.isFinite(value) ? null : (
                    <path
                      key={index}
                      data-chart-bar
                      d={barPath(bands.start(index) + slots.offsets[i], slots.width, y(0), y(value), radius)}
                    />
                  ),
                )}
              </g>
            );
          })}
          {left && scales.left ? <YTicks ticks={left.ticks} y={scales.left} x={plot.left} side="left" format={tickFormat} /> : null}
          {right && scales.right ? (
            <YTicks ticks={right.ticks} y={scales.right} x={plot.right} side="right" format={rightTickFormat} />
          ) : null}
          <XLabels labels={categories} centers={categories.map((_, i) => bands.center(i))} width={width} y={plot.bottom} />
        </ChartSvg>
      ) : null}
      {active ? (
        <ChartTooltip
          hover={active}
          width={width}
          title={tooltipTitle(active.index)}
          rows={series.map((s) => {
            const value = s.values[active.index];
            return { name: s.name, color: s.color, value: value === null || value === undefined ? '—' : (s.format ?? String)(value) };
          })}
        />
      ) : null}
    </ChartBox>
  );
}
