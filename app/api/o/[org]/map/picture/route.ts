import { withOrg } from '@/lib/bff/with-org';
import { smallMapQuerySchema } from '@/lib/map/schemas';
import { renderSmallMap } from '@/lib/map/server/render-small-map';

/**
 * A small map as an SVG picture (the vehicle's position, a page of journeys' ends): the same
 * points give the same picture, so the browser keeps it a day. The picture holds no script and
 * loads nothing; its policy says so to a browser that opens it on its own.
 */
export const GET = withOrg(
  async ({ query }) =>
    new Response(renderSmallMap(query), {
      headers: {
        'Content-Type': 'image/svg+xml; charset=utf-8',
        'Cache-Control': 'private, max-age=86400',
        'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
        'X-Content-Type-Options': 'nosniff',
      },
    }),
  { permission: 'vehicles.read', query: smallMapQuerySchema },
);
