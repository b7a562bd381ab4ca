import { describe, expect, it } from 'vitest';
import { smallMapQuerySchema } from '@/lib/map/schemas';
import { renderSmallMap, SMALL_MAP_WIDTH } from './render-small-map';

const circles = (svg: string) =>
  [...svg.matchAll(/<circle cx="([\d.-]+)" cy="([\d.-]+)" r="6" fill="(#\w+)"/g)].map((m) => ({
    x: Number(m[1]),
    y: Number(m[2]),
    fill: m[3],
  }));
const query = (text: string) => smallMapQuerySchema.parse(Object.fromEntries(new URLSearchParams(text)));

describe('a small map picture', () => {
  it('centres one point in the picture, in the vehicle’s colour, on the light look by default', () => {
    const svg = renderSmallMap(query('points=48.13743,11.57549,vehicle'));
    expect(circles(svg)).toEqual([{ x: SMALL_MAP_WIDTH / 2, y: 80, fill: '#2563eb' }]);
    expect(svg).toContain('viewBox="0 0 960 160"');
    expect(svg).toContain('fill="#dbe7f3"');
    // Germany's outline around Munich is drawn: the land path is not empty.
    expect(svg).toMatch(/<path d="M[\d.,LMZ-]{200,}"/);
  });

  it('fits several points into the middle of the picture, where a narrow box still shows them', () => {
    const svg = renderSmallMap(query('points=48.13743,11.57549,start;52.52,13.405,end;50.11,8.68,end&height=224'));
    const dots = circles(svg);
    expect(dots.map((d) => d.fill)).toEqual(['#16a34a', '#dc2626', '#dc2626']);
    for (const d of dots) {
      expect(d.x).toBeGreaterThanOrEqual(SMALL_MAP_WIDTH / 2 - 160 + 24 - 0.1);
      expect(d.x).toBeLessThanOrEqual(SMALL_MAP_WIDTH / 2 + 160 - 24 + 0.1);
      expect(d.y).toBeGreaterThanOrEqual(24 - 0.1);
      expect(d.y).toBeLessThanOrEqual(224 - 24 + 0.1);
    }
  });

  it('does not zoom closer than a web map’s zoom 7 for points close together', () => {
    const svg = renderSmallMap(query('points=48.1374,11.5755,start;48.1375,11.5756,end'));
    const [a, b] = circles(svg);
    // At zoom 7 a ten-thousandth of a degree is well under a pixel.
    expect(Math.abs(a.x - b.x)).toBeLessThan(1);
    expect((a.x + b.x) / 2).toBeCloseTo(SMALL_MAP_WIDTH / 2, 0);
  });

  it('reads points across the antimeridian and near the poles’ limit without failing', () => {
    expect(() => renderSmallMap(query('points=-85,180,vehicle'))).not.toThrow();
    expect(circles(renderSmallMap(query('points=64.8,-179.9,start;65.5,179.9,end'))).length).toBe(2);
  });
});
