import { withOrg } from '@/lib/bff/with-org';
import { vehicleParamsSchema } from '@/lib/validations/route-params';
import { loadListeningHistory } from '@/lib/vehicle-data/server/load-listening-history';

export const GET = withOrg(({ org, role, params }) => loadListeningHistory(org, role, params.vehicleId), {
  permission: 'vehicles.read',
  params: vehicleParamsSchema,
});
