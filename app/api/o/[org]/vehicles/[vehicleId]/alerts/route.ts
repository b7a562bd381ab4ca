import { withOrg } from '@/lib/bff/with-org';
import { vehicleParamsSchema } from '@/lib/validations/route-params';
import { vehicleAlertsOf } from '@/lib/alerts/server/load-platform-alerts';

/** One vehicle's platform alerts, read from the upstream at most once per TTL. */
export const GET = withOrg(({ org, params }) => vehicleAlertsOf(org, params.vehicleId), {
  permission: 'vehicles.read',
  params: vehicleParamsSchema,
});
