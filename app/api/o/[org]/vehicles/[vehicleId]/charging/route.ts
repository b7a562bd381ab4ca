import { vehicleDataRoute } from '@/lib/vehicle-data/server/vehicle-data-route';
import { chargingQuerySchema } from '@/lib/vehicle-data/schemas';
import { loadChargingSessions } from '@/lib/vehicle-data/server/load-charging';

export const GET = vehicleDataRoute(loadChargingSessions, { query: chargingQuerySchema });
