import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { textWidth } from '@/lib/charts/labels';
import { BarChart, type BarSeries } from './bar-chart';

const draw = (props: { categories: string[]; series: BarSeries[]; width?: number; height?: number; legend?: boolean }) =>
  renderToStaticMarkup(<BarChart width={400} height={200} radius={0} {...props} />);

/** Each bar's path: with no radius `M x,base V end H x+width V base Z`. */
const bars = (html: string) =>
  [...html.matchAll(/<path data-chart-bar="true" d="M([\d.]+),([\d.]+)V([\d.]+)H([\d.]+)V[\d.]+Z"/g)].map(([, x, base, end, right]) => ({
    x: Number(x),
    height: Number(base) - Number(end),
    width: Number(right) - Number(x),
  }));

const labels = (html: string) =>
  [...(html.match(/<g[^>]*data-chart-labels[^>]*>(.*?)<\/g>/)?.[1] ?? '').matchAll(/<text x="([\d.]+)"[^>]*>([^<]*)<\/text>/g)].map(
    ([, x, text]) => ({
      x: Number(x),
      text,
    }),
  );

const days = (count: number) => Array.from({ length: count }, (_, i) => `Nov ${i + 1}`);

describe('BarChart', () => {
  it('draws one bar per non-zero value: zero and null draw none', () => {
    const html = draw({ categories: days(5), series: [{ name: 'Distance', color: 'red', values: [10, 0, null, 30, 0.5] }] });
    expect(html.match(/data-chart-bar/g)).toHaveLength(3);
  });

  it('makes bar heights proportional to the values, from zero', () => {
    const found = bars(draw({ categories: days(3), series: [{ name: 'Distance', color: 'red', values: [10, 20, 40] }] }));
    expect(found).toHaveLength(3);
    expect(found[1].height / found[0].height).toBeCloseTo(2);
    expect(found[2].height / found[0].height).toBeCloseTo(4);
  });

  it('puts the bars of two series side by side in their category, in order', () => {
    const found = bars(
      draw({
        categories: days(2),
        series: [
          { name: 'From the grid', color: 'red', values: [10, 20] },
          { name: 'Into the battery', color: 'blue', values: [9, 18] },
        ],
      }),
    );
    const [grid0, grid1, battery0, battery1] = found;
    expect(battery0.x).toBeGreaterThan(grid0.x + grid0.width);
    expect(grid1.x).toBeGreaterThan(battery0.x + battery0.width);
    expect(battery1.height / grid1.height).toBeCloseTo(0.9);
  });

  it('scales a right-axis series on its own axis', () => {
    const html = draw({
      categories: days(2),
      series: [
        { name: 'Distance', color: 'red', values: [100, 200] },
        { name: 'Energy', color: 'blue', values: [5, 10], axis: 'right' },
      ],
    });
    const [, distance200, energy5, energy10] = bars(html);
    // Both axes run from 0 to their own top tick (200 and 10): the largest of each fills the plot.
    expect(energy10.height).toBeCloseTo(distance200.height);
    expect(energy5.height / energy10.height).toBeCloseTo(0.5);
    expect(html).toMatch(/text-anchor="start"[^]*>10<\/text>/);
  });

  it('shows fewer x labels at 360 px than at 800, never overlapping and never outside the chart', () => {
    const series = [{ name: 'Distance', color: 'red', values: Array.from({ length: 30 }, (_, i) => i) }];
    const wide = labels(draw({ categories: days(30), series, width: 800 }));
    const narrow = labels(draw({ categories: days(30), series, width: 300 }));
    expect(narrow.length).toBeGreaterThan(1);
    expect(narrow.length).toBeLessThan(wide.length);
    for (const [width, shown] of [
      [800, wide],
      [300, narrow],
    ] as const) {
      const boxes = shown.map(({ x, text }) => ({ left: x - textWidth(text) / 2, right: x + textWidth(text) / 2 }));
      boxes.forEach((box, i) => {
        expect(box.left).toBeGreaterThanOrEqual(0);
        expect(box.right).toBeLessThanOrEqual(width);
        if (i) expect(box.left).toBeGreaterThan(boxes[i - 1].right);
      });
    }
  });

  it('draws an all-zero chart without bars, on an axis from 0 to 1', () => {
    const html = draw({ categories: days(3), series: [{ name: 'Distance', color: 'red', values: [0, 0, 0] }] });
    expect(html).not.toContain('data-chart-bar');
    expect(html).toContain('>0</text>');
    expect(html).toContain('>1</text>');
  });

  it('rounds the bars’ top corners by default', () => {
    const html = renderToStaticMarkup(
      <BarChart width={400} height={200} categories={days(1)} series={[{ name: 'D', color: 'red', values: [5] }]} />,
    );
    expect(html).toMatch(/data-chart-bar="true" d="M[^"]*A3 3 0 0 1/);
  });

  it('names the series in a legend when asked', () => {
    const series = [{ name: 'From the grid', color: 'red', values: [1] }];
    expect(draw({ categories: days(1), series, legend: true })).toContain('From the grid</li>');
    expect(draw({ categories: days(1), series })).not.toContain('</li>');
  });

  it('draws nothing until its box is measured', () => {
    const html = renderToStaticMarkup(<BarChart categories={days(2)} series={[{ name: 'D', color: 'red', values: [1, 2] }]} />);
    expect(html).not.toContain('<svg');
  });
});
