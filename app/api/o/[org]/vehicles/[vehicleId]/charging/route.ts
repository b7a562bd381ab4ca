import { vehicleDataRoute, type Loaded } from '@/lib/bff/vehicle-data-route';
import { chargingQuerySchema } from '@/lib/validations/vehicle-data';
import { isMissingEndpoint, isVehicleApiError } from '@/lib/vehicle-api';
import type { ChargingPageData } from '@/lib/vehicle-data/types';

/**
 * One page of charging sessions, newest first. The list is an extension of the contract: when
 * the upstream answers 404 or 405 it does not offer it, and the page falls back to look-up by id.
 */
export const GET = vehicleDataRoute(
  async (api, { params, query }): Promise<Loaded<ChargingPageData>> => {
    try {
      const response = await api.listChargingSessions(params.vehicleId, { maxPageSize: query.pageSize, pageToken: query.pageToken });
      const page = response.data;
      return { data: { listAvailable: true, items: page.results, nextPageToken: page.nextPageToken ?? null, totalResults: page.totalResults ?? null }, call: response };
    } catch (error) {
      if (!isVehicleApiError(error) || !isMissingEndpoint(error)) throw error;
      return { data: { listAvailable: false, unavailableStatus: error.status, items: [], nextPageToken: null, totalResults: null }, call: error };
    }
  },
  { query: chargingQuerySchema },
);
