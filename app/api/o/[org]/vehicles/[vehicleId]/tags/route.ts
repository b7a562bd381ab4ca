import { tagRoutes } from '@/lib/vehicles/server/tag-routes';
import { withOrg } from '@/lib/bff/with-org';
import { vehicleParamsSchema } from '@/lib/validations/route-params';
import { listVehicleTags } from '@/lib/vehicles/server/list-vehicle-tags';

export const GET = withOrg(({ org, params }) => listVehicleTags(org, params.vehicleId), {
  permission: 'vehicles.read',
  params: vehicleParamsSchema,
});

const tagging = tagRoutes(vehicleParamsSchema, 'vehicleId', 'vehicle');
export const POST = tagging.POST;
export const DELETE = tagging.DELETE;
