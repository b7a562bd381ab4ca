import { withOrg } from '@/lib/bff/with-org';
import { vehicleParamsSchema } from '@/lib/validations/route-params';
import { loadListeningHistory } from '@/lib/vehicle-data/server/load-listening-history';

export const GET = withOrg((access) => loadListeningHistory(access, access.params.vehicleId), {
  permission: 'vehicles.read',
  params: vehicleParamsSchema,
});
