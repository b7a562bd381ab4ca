/** Small maps' points and their text in the picture's address: browser-safe, no zod (lib/map/schemas.ts reads them). */

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
