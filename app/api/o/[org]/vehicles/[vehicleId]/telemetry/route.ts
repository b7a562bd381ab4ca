import { vehicleDataRoute } from '@/lib/bff/vehicle-data-route';
import { loadTelemetry } from '@/lib/vehicle-data/server/load-telemetry';

export const GET = vehicleDataRoute(loadTelemetry);
