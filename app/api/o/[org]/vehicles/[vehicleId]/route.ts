import { withOrg } from '@/lib/bff/with-org';
import { vehicleParamsSchema } from '@/lib/validations/route-params';
import { disconnectVehicle } from '@/lib/vehicles/server/disconnect-vehicle';
import { getVehicle } from '@/lib/vehicles/server/get-vehicle';

export const GET = withOrg(({ org, params }) => getVehicle(org, params.vehicleId), {
  permission: 'vehicles.read',
  params: vehicleParamsSchema,
});

export const DELETE = withOrg(({ org, params }) => disconnectVehicle(org, params.vehicleId), {
  permission: 'vehicles.write',
  params: vehicleParamsSchema,
  stepUp: 'vehicle.disconnect',
  audit: {
    action: 'vehicles.disconnected',
    target: ({ params }) => ({ type: 'vehicle', id: params.vehicleId }),
    details: ({ result }) => ({ upstreamStatus: result.status }),
  },
});
