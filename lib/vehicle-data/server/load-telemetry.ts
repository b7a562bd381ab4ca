import 'server-only';
import { single } from '@/lib/bff/vehicle-data-route';
import type { VehicleApi } from '@/lib/vehicle-api';
import { getDb } from '@/lib/db';
import { recordTelemetry } from '@/lib/fleet/server/refresh-snapshots';

type VehicleInput = { params: { vehicleId: string } };

/** The vehicle's latest telemetry; the read also refreshes the fleet snapshot (one upstream read serves both). */
export async function loadTelemetry(api: VehicleApi, { params, organizationId }: VehicleInput & { organizationId: string }) {
  const response = await api.getTelemetry(params.vehicleId);
  await recordTelemetry(getDb(), organizationId, params.vehicleId, response.data, new Date()).catch((error) =>
    console.error('the fleet snapshot could not keep a telemetry read', error),
  );
  return single('telemetry', response);
}

/** When the vehicle must be charged by, per weekday. */
export async function loadDepartureTimes(api: VehicleApi, { params }: VehicleInput) {
  const response = await api.getDepartureTimes(params.vehicleId);
  return { data: { departureTimes: response.data.departureTimes }, call: response };
}

/** [V] When the vehicle may charge (cheap-tariff windows), per weekday: shown on the departure grid. */
export async function loadChargingWindows(api: VehicleApi, { params }: VehicleInput) {
  const response = await api.getChargingWindows(params.vehicleId);
  return { data: { chargingWindows: response.data.chargingWindows }, call: response };
}

/** The vehicle's request budgets per key (remaining, maximum, window). */
export async function loadRateLimits(api: VehicleApi, { params }: VehicleInput) {
  const response = await api.getRateLimits(params.vehicleId);
  return { data: { limits: response.data }, call: response };
}
