import { vehicleDataRoute } from '@/lib/bff/vehicle-data-route';
import { chargingSessionParamsSchema } from '@/lib/validations/vehicle-data';
import { loadChargingSession } from '@/lib/vehicle-data/server/load-charging';

export const GET = vehicleDataRoute(loadChargingSession, { params: chargingSessionParamsSchema });
