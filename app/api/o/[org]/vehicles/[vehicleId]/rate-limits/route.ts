import { vehicleDataRoute } from '@/lib/bff/vehicle-data-route';

/** The vehicle's request budgets per key (remaining, maximum, window). */
export const GET = vehicleDataRoute(async (api, { params }) => {
  const response = await api.getRateLimits(params.vehicleId);
  return { data: { limits: response.data }, call: response };
});
