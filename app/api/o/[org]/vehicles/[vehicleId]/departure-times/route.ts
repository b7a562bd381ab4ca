import { vehicleDataRoute } from '@/lib/bff/vehicle-data-route';

/** When the vehicle must be charged by, per weekday. */
export const GET = vehicleDataRoute(async (api, { params }) => {
  const response = await api.getDepartureTimes(params.vehicleId);
  return { data: { departureTimes: response.data.departureTimes }, call: response };
});
