import 'server-only';
import { listPageParams, single, type Loaded } from '@/lib/vehicle-data/server/vehicle-data-route';
import type { ChargingQuery } from '@/lib/vehicle-data/schemas';
import { isMissingEndpoint, isVehicleApiError, type VehicleApi } from '@/lib/vehicle-api';
import type { ChargingPageData } from '@/lib/vehicle-data/types';
import { chargingDateFilter } from '@/lib/vehicle-data/charging-csv';

/**
 * One page of charging sessions, newest first, optionally those that started within [from, to]. The list is an extension of the contract: when
 * the upstream answers 404 or 405 it does not offer it, and the page falls back to look-up by id.
 */
export async function loadChargingSessions(
  api: VehicleApi,
  { params, query }: { params: { vehicleId: string }; query: ChargingQuery },
): Promise<Loaded<ChargingPageData>> {
  try {
    const response = await api.listChargingSessions(params.vehicleId, listPageParams(query, chargingDateFilter(query.from, query.to)));
    const page = response.data;
    return {
      data: {
        listAvailable: true,
        items: page.results,
        nextPageToken: page.nextPageToken ?? null,
        totalResults: page.totalResults ?? null,
      },
      call: response,
    };
  } catch (error) {
    if (!isVehicleApiError(error) || !isMissingEndpoint(error)) throw error;
    return {
      data: { listAvailable: false, unavailableStatus: error.status, items: [], nextPageToken: null, totalResults: null },
      call: error,
    };
  }
}

/** One charging session by its id: always available, whether or not the upstream lists sessions. */
export async function loadChargingSession(api: VehicleApi, { params }: { params: { vehicleId: string; sessionId: string } }) {
  return single('session', await api.getChargingSession(params.vehicleId, params.sessionId));
}
