import 'server-only';
import type { VehicleApi } from '@/lib/vehicle-api';
import type { TireHistoryQuery } from '@/lib/vehicle-data/schemas';

type VehicleInput = { params: { vehicleId: string } };

/** The services the manufacturer currently recommends. */
export async function loadMaintenanceServices(api: VehicleApi, { params }: VehicleInput) {
  const response = await api.getMaintenanceServices(params.vehicleId);
  return { data: { services: response.data.services }, call: response };
}

/** The alerts the vehicle itself raises right now. */
export async function loadManufacturerAlerts(api: VehicleApi, { params }: VehicleInput) {
  const response = await api.getManufacturerAlerts(params.vehicleId);
  return { data: { alerts: response.data.alerts }, call: response };
}

/** Hourly tire pressures over at most three months (checked with the browser's schema); none given is the last three. */
export async function loadTireHistory(api: VehicleApi, { params, query }: VehicleInput & { query: TireHistoryQuery }) {
  const response = await api.getTireHistory(params.vehicleId, { from: query.from, to: query.to });
  return { data: { tires: response.data.tires, from: query.from ?? null, to: query.to ?? null }, call: response };
}
