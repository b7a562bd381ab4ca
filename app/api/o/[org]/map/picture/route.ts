import { withOrg } from '@/lib/bff/with-org';
import { smallMapQuerySchema } from '@/lib/map/schemas';
import { renderSmallMap } from '@/lib/map/server/render-map';
import { svgPicture } from '@/lib/map/server/svg-picture';

/** A small map as an SVG picture (the vehicle's position, a page of journeys' ends). */
export const GET = withOrg(async ({ query }) => svgPicture(renderSmallMap(query)), {
  permission: 'vehicles.read',
  query: smallMapQuerySchema,
});
