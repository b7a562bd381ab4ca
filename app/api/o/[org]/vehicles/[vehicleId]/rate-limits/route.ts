import { vehicleDataRoute } from '@/lib/vehicle-data/server/vehicle-data-route';
import { loadRateLimits } from '@/lib/vehicle-data/server/load-telemetry';

export const GET = vehicleDataRoute(loadRateLimits);
