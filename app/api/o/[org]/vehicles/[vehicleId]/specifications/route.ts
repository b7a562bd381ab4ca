import { vehicleDataRoute } from '@/lib/bff/vehicle-data-route';

/**
 * The vehicle's specifications. They need the trim, identified only for some registration
 * countries; elsewhere every field is null, which `available` says in one word.
 */
export const GET = vehicleDataRoute(async (api, { params }) => {
  const response = await api.getVehicleSpecifications(params.vehicleId);
  const specifications = response.data;
  const available = Object.entries(specifications).some(([, value]) => value !== null && value !== undefined);
  return { data: { specifications, available }, call: response };
});
