import { vehicleDataRoute } from '@/lib/vehicle-data/server/vehicle-data-route';
import { loadStateOfHealth } from '@/lib/vehicle-data/server/load-battery';

export const GET = vehicleDataRoute(loadStateOfHealth);
