import { vehicleDataRoute } from '@/lib/vehicle-data/server/vehicle-data-route';
import { tireHistoryQuerySchema } from '@/lib/vehicle-data/schemas';
import { loadTireHistory } from '@/lib/vehicle-data/server/load-maintenance';

export const GET = vehicleDataRoute(loadTireHistory, { query: tireHistoryQuerySchema });
