import { vehicleDataRoute } from '@/lib/bff/vehicle-data-route';
import { tireHistoryQuerySchema } from '@/lib/validations/vehicle-data';

/** Hourly tire pressures over at most three months (checked here with the browser's schema); none given is the last three. */
export const GET = vehicleDataRoute(
  async (api, { params, query }) => {
    const response = await api.getTireHistory(params.vehicleId, { from: query.from, to: query.to });
    return { data: { tires: response.data.tires, from: query.from ?? null, to: query.to ?? null }, call: response };
  },
  { query: tireHistoryQuerySchema },
);
