import { withOrg } from '@/lib/bff/with-org';
import { listVehicleEvents } from '@/lib/webhooks/server/list-vehicle-events';
import { vehicleParamsSchema } from '@/lib/validations/route-params';

export const GET = withOrg((access) => listVehicleEvents(access, access.params.vehicleId), {
  permission: 'vehicles.read',
  params: vehicleParamsSchema,
});
