import { withOrg } from '@/lib/bff/with-org';
import { orgVehicleApi } from '@/lib/server/org-vehicle-api';
import { vehicleParamsSchema } from '@/lib/validations/route-params';

/** The vehicle's request budgets per key (remaining, maximum, window), with the raw answer. */
export const GET = withOrg(
  async ({ org, params }) => {
    const response = await (await orgVehicleApi(org)).getRateLimits(params.vehicleId);
    return { limits: response.data, raw: response.raw, requestId: response.requestId, durationMs: response.durationMs };
  },
  { permission: 'vehicles.read', params: vehicleParamsSchema },
);
