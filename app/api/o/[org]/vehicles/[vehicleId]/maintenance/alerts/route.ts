import { vehicleDataRoute } from '@/lib/bff/vehicle-data-route';

/** The alerts the vehicle itself raises right now. */
export const GET = vehicleDataRoute(async (api, { params }) => {
  const response = await api.getManufacturerAlerts(params.vehicleId);
  return { data: { alerts: response.data.alerts }, call: response };
});
