/**
 * Small maps' points and their text in the picture's address, and the fleet map's dot states:
 * browser-safe, no zod (lib/map/schemas.ts reads them; the server's picture and the browser's map share the states).
 */

/** A point of a small map: a vehicle's position, or where a journey started or ended. */
export const MAP_POINT_KINDS = ['vehicle', 'start', 'end'] as const;
export type MapPoint = { latitude: number; longitude: number; kind: (typeof MAP_POINT_KINDS)[number] };

/** The most points one picture draws: a page of journeys' ends, with room to spare. */
export const MAX_MAP_POINTS = 200;
/** The picture's heights in pixels, as text: the sizes the pages draw it at. */
export const SMALL_MAP_HEIGHTS = ['160', '224'] as const;

/** Whether a picture can draw the point: a web map's latitudes end at about ±85°. */
export const isDrawable = (p: MapPoint): boolean =>
  Number.isFinite(p.latitude) && Number.isFinite(p.longitude) && Math.abs(p.latitude) <= 85 && Math.abs(p.longitude) <= 180;

/** `48.13743,11.57549,vehicle;48.2,11.6,start`: the points as the picture's address carries them. */
export function pointsText(points: readonly MapPoint[]): string {
  return points.map((p) => `${p.latitude.toFixed(5)},${p.longitude.toFixed(5)},${p.kind}`).join(';');
}

/** A charge below this many percent draws a vehicle's dot as low, on the picture, the explorable map and in the legend. */
export const LOW_CHARGE_PERCENT = 20;

export type FleetDotState = 'stale' | 'low' | 'fine';
/** The fleet map's colours, as its legend says: grey when the position is stale, red when the charge is low, green otherwise. */
export const FLEET_DOT_COLOURS: Readonly<Record<FleetDotState, string>> = { stale: '#71717a', low: '#dc2626', fine: '#16a34a' };

/** A vehicle's dot on the fleet map: a stale position wins over a low charge, an unknown charge is not low. */
export function fleetDotState(v: { stale: boolean; stateOfCharge: number | null }): FleetDotState {
  if (v.stale) return 'stale';
  return v.stateOfCharge !== null && v.stateOfCharge < LOW_CHARGE_PERCENT ? 'low' : 'fine';
}
