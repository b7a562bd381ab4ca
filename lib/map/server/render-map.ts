import 'server-only';
import { geoMercator, geoPath } from 'd3-geo';
import { feature } from 'topojson-client';
import countries110m from 'world-atlas/countries-110m.json';
import { FLEET_DOT_COLOURS, fleetDotState } from '@/lib/map/points';
import type { SmallMapQuery } from '@/lib/map/schemas';
import type { FleetPositions } from '@/lib/vehicles/types';

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

type Dot = { latitude: number; longitude: number; fill: string };
type Theme = keyof typeof PALETTES;

/**
 * A projection that shows every point: one point centred at a web map's zoom 5, several fitted into
 * the picture's middle `fitWidth` (where a narrow box cropping the sides still shows them), never
 * closer than `maxZoom`.
 */
function projectionFor(points: readonly Dot[], width: number, height: number, fitWidth: number, maxZoom: number) {
  const projection = geoMercator().clipExtent([
    [0, 0],
    [width, height],
  ]);
  // No position yet: Europe, as the explorable map opens.
  if (points.length === 0)
    return projection
      .scale(scaleOfZoom(3))
      .center([10, 50])
      .translate([width / 2, height / 2]);
  if (points.length === 1) {
    return projection
      .scale(scaleOfZoom(5))
      .center([points[0].longitude, points[0].latitude])
      .translate([width / 2, height / 2]);
  }
  const left = (width - fitWidth) / 2;
  projection.fitExtent(
    [
      [left + PADDING, PADDING],
      [left + fitWidth - PADDING, height - PADDING],
    ],
    { type: 'MultiPoint', coordinates: points.map((p) => [p.longitude, p.latitude]) },
  );
  if (projection.scale() > scaleOfZoom(maxZoom)) {
    const [x, y] = projection.invert!([width / 2, height / 2])!;
    projection
      .scale(scaleOfZoom(maxZoom))
      .center([x, y])
      .translate([width / 2, height / 2]);
  }
  return projection;
}

/**
 * The packaged country outlines (Natural Earth 1:110m) around the points, each point a dot of its
 * colour: built from numbers only, so it carries nothing a caller wrote. Dots that would land on
 * the same pixels in the same colour are drawn once (a fleet of thousands is a few hundred dots).
 */
function drawMap(
  dots: readonly Dot[],
  options: { width: number; height: number; fitWidth: number; maxZoom: number; radius: number; theme: Theme },
) {
  const { width, height, radius } = options;
  const projection = projectionFor(dots, width, height, options.fitWidth, options.maxZoom);
  const palette = PALETTES[options.theme];
  const land = geoPath(projection)(countries) ?? '';
  const drawn = new Set<string>();
  let circles = '';
  for (const d of dots) {
    const [x, y] = projection([d.longitude, d.latitude])!;
    const spot = `${Math.round(x / 2)},${Math.round(y / 2)},${d.fill}`;
    if (drawn.has(spot)) continue;
    drawn.add(spot);
    circles += `<circle cx="${round(x)}" cy="${round(y)}" r="${radius}" fill="${d.fill}" stroke="#ffffff" stroke-width="2"/>`;
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" preserveAspectRatio="xMidYMid slice">` +
    `<rect width="${width}" height="${height}" fill="${palette.sea}"/>` +
    `<path d="${land.replace(/(\.\d)\d+/g, '$1')}" fill="${palette.land}" stroke="${palette.border}" stroke-width="0.6"/>` +
    circles +
    `</svg>`
  );
}

/**
 * A small map as an SVG picture: the points of a vehicle's position or a page of journeys' ends.
 * Drawn on the server, so a page with a small map downloads a picture of a few kilobytes instead of
 * a map library.
 */
export function renderSmallMap({ points, height, theme }: SmallMapQuery): string {
  const dots = points.map((p) => ({ latitude: p.latitude, longitude: p.longitude, fill: COLOURS[p.kind] }));
  return drawMap(dots, { width: SMALL_MAP_WIDTH, height: Number(height), fitWidth: FIT_WIDTH, maxZoom: 7, radius: 6, theme });
}

/** The fleet map's picture: 16:9, its points fitted into the middle square (what a phone's box shows). */
export const FLEET_MAP_SIZE = { width: 960, height: 540 } as const;

/**
 * The whole fleet's last positions as one picture (what the fleet map shows before a person
 * explores it), from the fleet snapshot's positions.
 */
export function renderFleetMap(positions: FleetPositions, theme: Theme): string {
  const dots = positions.vehicles.flatMap((v) =>
    v.latitude === null || v.longitude === null || Math.abs(v.latitude) > 85
      ? []
      : [{ latitude: v.latitude, longitude: v.longitude, fill: FLEET_DOT_COLOURS[fleetDotState(v)] }],
  );
  const { width, height } = FLEET_MAP_SIZE;
  return drawMap(dots, { width, height, fitWidth: height, maxZoom: 10, radius: 5, theme });
}
