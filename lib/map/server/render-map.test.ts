import { describe, expect, it } from 'vitest';
import { smallMapQuerySchema } from '@/lib/map/schemas';
import { FLEET_DOT_COLOURS } from '@/lib/map/points';
import { FLEET_MAP_SIZE, renderFleetMap, renderSmallMap, SMALL_MAP_WIDTH } from './render-map';

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

describe('the fleet map picture', () => {
  const vehicle = (
    id: string,
    latitude: number | null,
    longitude: number | null,
    extra: { stale?: boolean; stateOfCharge?: number | null } = {},
  ) => ({
    id,
    label: id,
    vin: null,
    latitude,
    longitude,
    locationAt: '2026-11-30T10:00:00.000Z',
    stateOfCharge: extra.stateOfCharge ?? 60,
    stale: extra.stale ?? false,
  });
  const fleet = (vehicles: ReturnType<typeof vehicle>[]) => ({ vehicles, asOf: null, staleAfterHours: 24 });
  const dots = (svg: string) =>
    [...svg.matchAll(/<circle cx="([\d.-]+)" cy="([\d.-]+)" r="5" fill="(#\w+)"/g)].map((m) => ({
      x: Number(m[1]),
      y: Number(m[2]),
      fill: m[3],
    }));

  it('draws each placed vehicle in the legend’s colour, inside the middle square a phone’s box shows', () => {
    const svg = renderFleetMap(
      fleet([
        vehicle('fine', 48.137, 11.575),
        vehicle('low', 52.52, 13.405, { stateOfCharge: 12 }),
        vehicle('stale', 50.11, 8.68, { stale: true, stateOfCharge: 5 }),
        vehicle('nowhere', null, null),
      ]),
      'light',
    );
    expect(svg).toContain(`viewBox="0 0 ${FLEET_MAP_SIZE.width} ${FLEET_MAP_SIZE.height}"`);
    const drawn = dots(svg);
    expect(drawn.map((d) => d.fill)).toEqual([FLEET_DOT_COLOURS.fine, FLEET_DOT_COLOURS.low, FLEET_DOT_COLOURS.stale]);
    const { width, height } = FLEET_MAP_SIZE;
    for (const d of drawn) {
      expect(d.x).toBeGreaterThanOrEqual((width - height) / 2 + 24 - 0.1);
      expect(d.x).toBeLessThanOrEqual((width + height) / 2 - 24 + 0.1);
      expect(d.y).toBeGreaterThanOrEqual(24 - 0.1);
      expect(d.y).toBeLessThanOrEqual(height - 24 + 0.1);
    }
  });

  it('draws vehicles on the same spot in the same colour once, so a large fleet stays a small picture', () => {
    const depot = Array.from({ length: 500 }, (_, i) => vehicle(`depot-${i}`, 48.137 + i * 1e-6, 11.575));
    const svg = renderFleetMap(
      fleet([...depot, vehicle('far', 52.52, 13.405), vehicle('depot-low', 48.137, 11.575, { stateOfCharge: 3 })]),
      'dark',
    );
    const drawn = dots(svg);
    expect(drawn).toHaveLength(3);
    expect(new Set(drawn.map((d) => d.fill))).toEqual(new Set([FLEET_DOT_COLOURS.fine, FLEET_DOT_COLOURS.low]));
    expect(svg).toContain('fill="#0c1a2b"');
  });

  it('draws the sea and the land alone for a fleet with no known position', () => {
    const svg = renderFleetMap(fleet([vehicle('nowhere', null, null)]), 'light');
    expect(dots(svg)).toEqual([]);
    expect(svg).toMatch(/^<svg [^>]+><rect /);
    expect(svg).toMatch(/<path d="M[\d.,LMZ-]{200,}"/);
    expect(svg).not.toContain('NaN');
  });
});
