import { withOrg } from '@/lib/bff/with-org';
import { vehicleParamsSchema } from '@/lib/validations/route-params';
import { buildSupportBundle } from '@/lib/support/server/build-support-bundle';

export const GET = withOrg(({ org, params }) => buildSupportBundle(org, params.vehicleId), {
  permission: 'vehicles.read',
  params: vehicleParamsSchema,
});
