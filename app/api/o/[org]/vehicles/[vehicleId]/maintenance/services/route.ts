import { vehicleDataRoute } from '@/lib/bff/vehicle-data-route';

/** The services the manufacturer currently recommends. */
export const GET = vehicleDataRoute(async (api, { params }) => {
  const response = await api.getMaintenanceServices(params.vehicleId);
  return { data: { services: response.data.services }, call: response };
});
