import { vehicleDataRoute } from '@/lib/bff/vehicle-data-route';
import { loadDepartureTimes } from '@/lib/vehicle-data/server/load-telemetry';

export const GET = vehicleDataRoute(loadDepartureTimes);
