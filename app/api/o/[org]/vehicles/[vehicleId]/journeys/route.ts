import { vehicleDataRoute } from '@/lib/vehicle-data/server/vehicle-data-route';
import { journeysQuerySchema } from '@/lib/vehicle-data/schemas';
import { loadJourneys } from '@/lib/vehicle-data/server/load-journeys';

export const GET = vehicleDataRoute(loadJourneys, { query: journeysQuerySchema });
