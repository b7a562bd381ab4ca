import 'server-only';
import { geoMercator, geoPath } from 'd3-geo';
import { feature } from 'topojson-client';
import countries110m from 'world-atlas/countries-110m.json';
import type { SmallMapQuery } from '@/lib/map/schemas';

const COLOURS = { vehicle: '#2563eb', start: '#16a34a', end: '#dc2626' } as const;
const PALETTES = {
  light: { sea: '#dbe7f3', land: '#f4f4f5', border: '#a1a1aa' },
  dark: { sea: '#0c1a2b', land: '#27272a', border: '#52525b' },
} as const;

/** Wide enough to cover a card on a wide screen; the image is cropped to its box around the middle. */
export const SMALL_MAP_WIDTH = 960;
/** The middle band every point is fitted into, so a 360 px wide box still shows them all. */
const FIT_WIDTH = 320;
const PADDING = 24;
/** The scales of a web map's zoom 5 (one point) and zoom 7 (the closest a fit may go): 512·2^z / 2π. */
const scaleOfZoom = (zoom: number) => (512 * 2 ** zoom) / (2 * Math.PI);

const topology = countries110m as unknown as Parameters<typeof feature>[0];
const countries = feature(topology, topology.objects.countries);

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * A small map as an SVG picture: the packaged country outlines (Natural Earth 1:110m) around the
 * points, each point a dot. Drawn on the server, so a page with a small map downloads a picture of a
 * few kilobytes instead of a map library; built from numbers only, so it carries nothing a caller wrote.
 */
export function renderSmallMap({ points, height: heightText, theme }: SmallMapQuery): string {
  const width = SMALL_MAP_WIDTH;
  const height = Number(heightText);
  const projection = geoMercator().clipExtent([
    [0, 0],
    [width, height],
  ]);
  if (points.length === 1) {
    projection
      .scale(scaleOfZoom(5))
      .center([points[0].longitude, points[0].latitude])
      .translate([width / 2, height / 2]);
  } else {
    const left = (width - FIT_WIDTH) / 2;
    projection.fitExtent(
      [
        [left + PADDING, PADDING],
        [left + FIT_WIDTH - PADDING, height - PADDING],
      ],
      { type: 'MultiPoint', coordinates: points.map((p) => [p.longitude, p.latitude]) },
    );
    if (projection.scale() > scaleOfZoom(7)) {
      const [x, y] = projection.invert!([width / 2, height / 2])!;
      projection
        .scale(scaleOfZoom(7))
        .center([x, y])
        .translate([width / 2, height / 2]);
    }
  }
  const palette = PALETTES[theme];
  const land = geoPath(projection)(countries) ?? '';
  const dots = points
    .map((p) => {
      const [x, y] = projection([p.longitude, p.latitude])!;
      return `<circle cx="${round(x)}" cy="${round(y)}" r="6" fill="${COLOURS[p.kind]}" stroke="#ffffff" stroke-width="2"/>`;
    })
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" preserveAspectRatio="xMidYMid slice">` +
    `<rect width="${width}" height="${height}" fill="${palette.sea}"/>` +
    `<path d="${land.replace(/(\.\d)\d+/g, '$1')}" fill="${palette.land}" stroke="${palette.border}" stroke-width="0.6"/>` +
    dots +
    `</svg>`
  );
}
