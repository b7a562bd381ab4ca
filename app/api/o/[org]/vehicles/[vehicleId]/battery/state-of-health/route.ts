import { vehicleDataRoute } from '@/lib/bff/vehicle-data-route';
import { loadStateOfHealth } from '@/lib/vehicle-data/server/load-battery';

export const GET = vehicleDataRoute(loadStateOfHealth);
