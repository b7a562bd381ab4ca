import { vehicleDataRoute } from '@/lib/vehicle-data/server/vehicle-data-route';
import { loadRange } from '@/lib/vehicle-data/server/load-battery';

export const GET = vehicleDataRoute(loadRange);
