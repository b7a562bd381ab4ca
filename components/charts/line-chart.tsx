'use client';

import { bandPath, linePath } from '@/lib/charts/paths';
import { linearScale } from '@/lib/charts/scale';
import {
  axisWidth,
  ChartBox,
  ChartSvg,
  ChartTooltip,
  defaultTick,
  Grid,
  useCategoryPlot,
  XLabels,
  YTicks,
  type TooltipRow,
} from './chart-parts';
import { useChartSize } from './use-chart-size';

export interface LineSeries {
  name: string;
  color: string;
  /** One value per category; null leaves a gap in the line. */
  values: readonly (number | null)[];
}

export interface RangeBand {
  name: string;
  /** [low, high] per category; null leaves a gap in the band. */
  values: readonly (readonly [number, number] | null)[];
  /** A range in the tooltip (default: both ends in the chart's value format). */
  format?: (range: readonly [number, number]) => string;
}

/**
 * A line through one value per category, broken where a value is missing, and optionally a band
 * (low to high) behind it in the line's colour, on the y domain and ticks the caller gives (so
 * several charts share one scale). A tooltip for the category under the pointer.
 */
export function LineChart({
  categories,
  line,
  band,
  domain,
  ticks,
  tickFormat = defaultTick,
  valueFormat = String,
  tooltipTitle = (index) => categories[index],
  width: fixedWidth,
  height: fixedHeight,
}: {
  categories: readonly string[];
  line: LineSeries;
  band?: RangeBand;
  domain: readonly [number, number];
  ticks: readonly number[];
  tickFormat?: (value: number) => string;
  /** A value in the tooltip, its unit included. */
  valueFormat?: (value: number) => string;
  tooltipTitle?: (index: number) => string;
  width?: number;
  height?: number;
}) {
  const size = useChartSize(fixedWidth, fixedHeight);
  const { width, height } = size;
  const tickLabels = ticks.map(tickFormat);
  const { plot, bands, handlers, drawn, active } = useCategoryPlot(size, categories.length, { left: axisWidth(tickLabels) });
  const y = linearScale(domain, [plot.bottom, plot.top]);
  const x = (index: number) => bands.center(index);
  const activeValue = active ? line.values[active.index] : null;

  const rows = (index: number): TooltipRow[] => {
    const value = line.values[index];
    const range = band?.values[index];
    return [
      ...(band
        ? [{ name: band.name, color: line.color, value: range ? (band.format ?? ((r) => r.map(valueFormat).join(' – ')))(range) : '—' }]
        : []),
      { name: line.name, color: line.color, value: value === null || value === undefined ? '—' : valueFormat(value) },
    ];
  };

  return (
    <ChartBox measure={size.measure} handlers={handlers}>
      {drawn ? (
        <ChartSvg width={width} height={height}>
          <Grid ys={ticks.map(y)} plot={plot} axes={{ left: true }} />
          {band ? (
            <path
              data-chart-band
              d={bandPath(band.values.map((range, i) => (range ? { x: x(i), low: y(range[0]), high: y(range[1]) } : null)))}
              fill={line.color}
              fillOpacity={0.3}
            />
          ) : null}
          {active ? (
            <line x1={x(active.index)} x2={x(active.index)} y1={plot.top} y2={plot.bottom} stroke="currentColor" strokeOpacity={0.4} />
          ) : null}
          <path
            data-chart-line
            d={linePath(line.values.map((value, i) => (value === null ? null : { x: x(i), y: y(value) })))}
            fill="none"
            stroke={line.color}
            strokeWidth={2}
            strokeLinecap="round"
            strokeLinejoin="round"
          />
          {active && activeValue !== null && activeValue !== undefined ? (
            <circle cx={x(active.index)} cy={y(activeValue)} r={4} fill={line.color} />
          ) : null}
          <YTicks ticks={[...ticks]} y={y} x={plot.left} side="left" format={tickFormat} />
          <XLabels labels={categories} centers={categories.map((_, i) => x(i))} width={width} y={plot.bottom} />
        </ChartSvg>
      ) : null}
      {active ? <ChartTooltip hover={active} width={width} title={tooltipTitle(active.index)} rows={rows(active.index)} /> : null}
    </ChartBox>
  );
}
