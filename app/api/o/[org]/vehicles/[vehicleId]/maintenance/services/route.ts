import { vehicleDataRoute } from '@/lib/server/vehicle-data';

/** The services the manufacturer currently recommends. */
export const GET = vehicleDataRoute(async (api, { params }) => {
  const response = await api.getMaintenanceServices(params.vehicleId);
  return { data: { services: response.data.services }, call: response };
});
