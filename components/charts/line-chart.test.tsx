import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LineChart } from './line-chart';

const days = ['Nov 1', 'Nov 2', 'Nov 3', 'Nov 4', 'Nov 5'];
const line = { name: 'Mean of the day', color: 'red', values: [240, 242, null, 238, 241] };

describe('LineChart', () => {
  it('breaks the line where a value is missing', () => {
    const html = renderToStaticMarkup(
      <LineChart width={400} height={160} categories={days} line={line} domain={[230, 250]} ticks={[230, 240, 250]} />,
    );
    const d = html.match(/data-chart-line="true" d="([^"]*)"/)?.[1] ?? '';
    expect(d.match(/M/g)).toHaveLength(2);
    expect(d.match(/L/g)).toHaveLength(2);
  });

  it('draws the band of the day behind the line only when given', () => {
    const band = { name: 'Range of the day', values: [[238, 243], [240, 244], null, [236, 240], [239, 242]] as const };
    const props = { width: 400, height: 160, categories: days, line, domain: [230, 250] as const, ticks: [230, 240, 250] };
    expect(renderToStaticMarkup(<LineChart {...props} band={band} />)).toMatch(/data-chart-band="true" d="M[^"]+Z[^"]*M[^"]+Z"/);
    expect(renderToStaticMarkup(<LineChart {...props} />)).not.toContain('data-chart-band');
  });

  it('places the ticks the caller gives, top tick at the top of the plot', () => {
    const html = renderToStaticMarkup(
      <LineChart
        width={400}
        height={160}
        categories={days}
        line={line}
        domain={[230, 250]}
        ticks={[230, 240, 250]}
        tickFormat={(v) => `${v}\u00a0kPa`}
      />,
    );
    const ys = [...html.matchAll(/<text x="[\d.]+" y="([\d.]+)" dy="0.32em">(\d+)\u00a0kPa<\/text>/g)].map(([, y, text]) => [
      text,
      Number(y),
    ]);
    expect(ys).toEqual([
      ['230', 138],
      ['240', 73],
      ['250', 8],
    ]);
  });
});
