'use client';

import { useState, type PointerEvent, type ReactNode } from 'react';
import { formatNumber } from '@/lib/format/figures';
import { textWidth, visibleLabels } from '@/lib/charts/labels';
import { bandLayout } from '@/lib/charts/scale';
import type { ChartSize } from './use-chart-size';

/** Text on currentColor, 12 px: the parent's text colour follows light and dark. */
export const FONT_SIZE = 12;
/** Room above the top tick's label and below the plot for the x labels. */
const MARGIN = { top: 8, bottom: 22, side: 8 } as const;
const TICK_GAP = 6;
/** Free pixels kept between two x labels. */
const LABEL_GAP = 12;

/** The plot's edges in the SVG's pixels. */
export interface Plot {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export const defaultTick = (value: number) => formatNumber(value, 6) ?? '';

/** Room for an axis' tick labels, the gap to the plot included. */
export const axisWidth = (labels: readonly string[]) =>
  Math.ceil(Math.max(0, ...labels.map((label) => textWidth(label, FONT_SIZE)))) + TICK_GAP + 2;

/** How many intervals between y ticks a chart of this height has room for (one every 28 px or more, 2 to 5). */
export const tickCount = (height: number) => Math.min(5, Math.max(2, Math.floor((height - MARGIN.top - MARGIN.bottom) / 28)));

/** Hundredths of a pixel are enough, and keep the markup short. */
const px = (value: number) => Math.round(value * 100) / 100;

/** A one-pixel line drawn on whole pixels, not blurred across two. */
const crisp = (value: number) => Math.round(value) + 0.5;

export type Hover = { index: number; x: number };

/**
 * The category under the pointer: a mouse shows it while over the chart; a finger shows it on
 * touch and while sliding sideways (vertical moves still scroll the page, two fingers still zoom),
 * and keeps it until the next touch, which hides it when on the same category.
 */
function useHover(indexAt: (x: number) => number | null) {
  const [hover, setHover] = useState<Hover | null>(null);
  const at = (event: PointerEvent<HTMLDivElement>): Hover | null => {
    const x = event.clientX - event.currentTarget.getBoundingClientRect().left;
    const index = indexAt(x);
    return index === null ? null : { index, x };
  };
  return {
    hover,
    handlers: {
      onPointerMove: (event: PointerEvent<HTMLDivElement>) => setHover(at(event)),
      onPointerDown: (event: PointerEvent<HTMLDivElement>) => {
        const next = at(event);
        setHover(event.pointerType === 'touch' && next && hover && next.index === hover.index ? null : next);
      },
      onPointerLeave: (event: PointerEvent<HTMLDivElement>) => {
        if (event.pointerType !== 'touch') setHover(null);
      },
    },
  };
}

/**
 * What a chart of categories draws on: the plot between its axes' labels (a side without an axis
 * keeps a small margin), the categories' bands across it, whether there is room to draw at all,
 * and the category under the pointer.
 */
export function useCategoryPlot(size: ChartSize, categories: number, axes: { left?: number; right?: number }) {
  const plot: Plot = {
    left: axes.left ?? MARGIN.side,
    right: size.width - (axes.right ?? MARGIN.side),
    top: MARGIN.top,
    bottom: size.height - MARGIN.bottom,
  };
  const bands = bandLayout(categories, plot.left, plot.right);
  const { hover, handlers } = useHover(bands.indexAt);
  const drawn = size.width > 0 && size.height > 0 && plot.right > plot.left && plot.bottom > plot.top;
  const active = drawn && hover && hover.index < categories ? hover : null;
  return { plot, bands, handlers, drawn, active };
}

export type LegendItem = { name: string; color: string };

/**
 * The box a chart fills (`h-full`): the measured plot area and the legend under it. The drawing
 * is for the eye only: every chart has its numbers in a table beside it.
 */
export function ChartBox({
  measure,
  handlers,
  legend,
  children,
}: {
  measure: ChartSize['measure'];
  handlers: ReturnType<typeof useHover>['handlers'];
  legend?: LegendItem[];
  children: ReactNode;
}) {
  return (
    <div aria-hidden className="flex h-full w-full min-w-0 flex-col">
      <div ref={measure} className="relative min-h-0 flex-1 touch-pan-y touch-pinch-zoom" {...handlers}>
        {children}
      </div>
      {legend ? (
        <ul className="flex flex-wrap justify-center gap-x-4 gap-y-0.5 pt-1 text-xs">
          {legend.map((item) => (
            <li key={item.name} className="flex items-center gap-1.5">
              <span className="size-2.5 shrink-0 rounded-sm" style={{ background: item.color }} />
              {item.name}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The SVG over the whole measured box (absolute, so it never sizes the box it measures). */
export function ChartSvg({ width, height, children }: { width: number; height: number; children: ReactNode }) {
  return (
    <svg className="absolute inset-0 block h-full w-full" viewBox={`0 0 ${width} ${height}`} fontSize={FONT_SIZE}>
      {children}
    </svg>
  );
}

/** Horizontal grid lines at the ticks (no vertical ones), and the axis lines around the plot. */
export function Grid({ ys, plot, axes }: { ys: number[]; plot: Plot; axes: { left?: boolean; right?: boolean } }) {
  return (
    <g stroke="currentColor">
      <g strokeOpacity={0.15}>
        {ys.map((y, i) => (
          <line key={i} x1={plot.left} x2={plot.right} y1={crisp(y)} y2={crisp(y)} />
        ))}
      </g>
      <line x1={plot.left} x2={plot.right} y1={crisp(plot.bottom)} y2={crisp(plot.bottom)} />
      {axes.left ? <line x1={crisp(plot.left)} x2={crisp(plot.left)} y1={plot.top} y2={plot.bottom} /> : null}
      {axes.right ? <line x1={crisp(plot.right)} x2={crisp(plot.right)} y1={plot.top} y2={plot.bottom} /> : null}
    </g>
  );
}

/** One axis' tick labels, beside the plot's left or right edge. */
export function YTicks({
  ticks,
  y,
  x,
  side,
  format,
}: {
  ticks: number[];
  y: (value: number) => number;
  x: number;
  side: 'left' | 'right';
  format: (value: number) => string;
}) {
  return (
    <g fill="currentColor" textAnchor={side === 'left' ? 'end' : 'start'}>
      {ticks.map((tick) => (
        <text key={tick} x={px(side === 'left' ? x - TICK_GAP : x + TICK_GAP)} y={px(y(tick))} dy="0.32em">
          {format(tick)}
        </text>
      ))}
    </g>
  );
}

/** The category labels under the plot that fit without overlapping, none outside the SVG. */
export function XLabels({ labels, centers, width, y }: { labels: readonly string[]; centers: number[]; width: number; y: number }) {
  const placed = visibleLabels(
    centers,
    labels.map((label) => textWidth(label, FONT_SIZE)),
    { from: 0, to: width, gap: LABEL_GAP },
  );
  return (
    <g fill="currentColor" textAnchor="middle" data-chart-labels>
      {placed.map(({ index, x }) => (
        <text key={index} x={px(x)} y={px(y + TICK_GAP)} dy="0.71em">
          {labels[index]}
        </text>
      ))}
    </g>
  );
}

export type TooltipRow = { name: string; color: string; value: string };

/**
 * The dark box beside the pointer: the category and each series' value. It opens towards the wider
 * side and wraps its lines rather than reach past the chart's edge (a narrow chart, a long name).
 */
export function ChartTooltip({ hover, width, title, rows }: { hover: Hover; width: number; title: string; rows: TooltipRow[] }) {
  const opensRight = hover.x < width / 2;
  const maxWidth = Math.max(96, (opensRight ? width - hover.x : hover.x) - 16);
  const side = opensRight ? { left: hover.x + 12, maxWidth } : { right: width - hover.x + 12, maxWidth };
  return (
    <div
      className="pointer-events-none absolute top-1 z-10 w-max rounded-lg px-2.5 py-1.5 text-xs text-white shadow-md dark:ring-1 dark:ring-zinc-700"
      style={{ ...side, background: 'var(--color-zinc-900)' }}
      data-chart-tooltip
    >
      <p className="font-medium">{title}</p>
      <ul>
        {rows.map((row) => (
          <li key={row.name} className="flex items-center gap-1.5">
            <span className="size-2 shrink-0 rounded-sm" style={{ background: row.color }} />
            {row.name}: {row.value}
          </li>
        ))}
      </ul>
    </div>
  );
}
