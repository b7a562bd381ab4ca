import { vehicleDataRoute } from '@/lib/bff/vehicle-data-route';
import { tireHistoryQuerySchema } from '@/lib/validations/vehicle-data';
import { loadTireHistory } from '@/lib/vehicle-data/server/load-maintenance';

export const GET = vehicleDataRoute(loadTireHistory, { query: tireHistoryQuerySchema });
