import { single, vehicleDataRoute } from '@/lib/bff/vehicle-data-route';

/** The vehicle's latest telemetry. */
export const GET = vehicleDataRoute(async (api, { params }) => single('telemetry', await api.getTelemetry(params.vehicleId)));
