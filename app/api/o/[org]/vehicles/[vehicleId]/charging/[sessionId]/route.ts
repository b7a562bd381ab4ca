import { vehicleDataRoute } from '@/lib/vehicle-data/server/vehicle-data-route';
import { chargingSessionParamsSchema } from '@/lib/vehicle-data/schemas';
import { loadChargingSession } from '@/lib/vehicle-data/server/load-charging';

export const GET = vehicleDataRoute(loadChargingSession, { params: chargingSessionParamsSchema });
