import { single, vehicleDataRoute } from '@/lib/bff/vehicle-data-route';
import { chargingSessionParamsSchema } from '@/lib/validations/vehicle-data';

/** One charging session by its id: always available, whether or not the upstream lists sessions. */
export const GET = vehicleDataRoute(async (api, { params }) => single('session', await api.getChargingSession(params.vehicleId, params.sessionId)), {
  params: chargingSessionParamsSchema,
});
