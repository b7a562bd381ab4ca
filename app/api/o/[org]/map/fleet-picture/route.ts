import { withOrg } from '@/lib/bff/with-org';
import { fleetMapQuerySchema } from '@/lib/map/schemas';
import { listVehiclePositions } from '@/lib/map/server/list-vehicle-positions';
import { renderFleetMap } from '@/lib/map/server/render-map';
import { svgPicture } from '@/lib/map/server/svg-picture';

/**
 * The fleet map before a person explores it: every vehicle's last position from the fleet snapshot
 * (no upstream call) as an SVG picture, so the map page needs no map library to show the fleet.
 */
export const GET = withOrg(async ({ org, query }) => svgPicture(renderFleetMap(await listVehiclePositions(org), query.theme)), {
  permission: 'vehicles.read',
  query: fleetMapQuerySchema,
});
