import * as z from '@/lib/validations/zod';
import { MAP_POINT_KINDS, MAX_MAP_POINTS, SMALL_MAP_HEIGHTS, type MapPoint } from './points';

const POINT = /^(-?\d{1,3}(?:\.\d{1,6})?),(-?\d{1,3}(?:\.\d{1,6})?),([a-z]+)$/;

function parsePoint(text: string): MapPoint | string {
  const match = POINT.exec(text);
  if (!match) return `"${text.slice(0, 40)}" is not latitude,longitude,kind`;
  const [latitude, longitude] = [Number(match[1]), Number(match[2])];
  const kind = match[3] as MapPoint['kind'];
  if (Math.abs(latitude) > 85) return `latitude ${latitude} is outside -85..85`;
  if (Math.abs(longitude) > 180) return `longitude ${longitude} is outside -180..180`;
  if (!MAP_POINT_KINDS.includes(kind)) return `kind "${kind}" is not one of ${MAP_POINT_KINDS.join(', ')}`;
  return { latitude, longitude, kind };
}

const pointsSchema = z.pipe(
  z.string().check(z.minLength(1, 'points: give at least one point'), z.maxLength(MAX_MAP_POINTS * 40, 'points: too long')),
  z.transform((text, ctx) => {
    const parts = text.split(';');
    if (parts.length > MAX_MAP_POINTS) {
      ctx.issues.push({ code: 'custom', message: `points: at most ${MAX_MAP_POINTS}`, input: text });
      return z.NEVER;
    }
    const points: MapPoint[] = [];
    for (const [i, part] of parts.entries()) {
      const point = parsePoint(part);
      if (typeof point === 'string') {
        ctx.issues.push({ code: 'custom', message: `points[${i}]: ${point}`, input: text });
        return z.NEVER;
      }
      points.push(point);
    }
    return points;
  }),
);

/** The small map picture's query: its points, its height in pixels and the page's look. */
export const smallMapQuerySchema = z.object({
  points: pointsSchema,
  height: z._default(z.enum(SMALL_MAP_HEIGHTS, `height: one of ${SMALL_MAP_HEIGHTS.join(', ')}`), '160'),
  theme: z._default(z.enum(['light', 'dark'], 'theme: light or dark'), 'light'),
});
export type SmallMapQuery = z.infer<typeof smallMapQuerySchema>;

/** The fleet map picture's query: the page's look, and the snapshot time the page read (only to tell pictures of different readings apart in the browser's cache). */
export const fleetMapQuerySchema = z.object({
  theme: z._default(z.enum(['light', 'dark'], 'theme: light or dark'), 'light'),
  asOf: z.optional(z.string().check(z.maxLength(40, 'asOf: at most 40 characters'))),
});
