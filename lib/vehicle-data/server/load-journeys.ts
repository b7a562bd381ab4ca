import 'server-only';
import type { VehicleApi } from '@/lib/vehicle-api';
import { listPageParams } from '@/lib/vehicle-data/server/vehicle-data-route';
import type { JourneysQuery } from '@/lib/vehicle-data/schemas';
import { journeyDateFilter } from '@/lib/vehicle-data/journeys';

/** One page of journeys, newest first, optionally those that started within [from, to]. */
export async function loadJourneys(api: VehicleApi, { params, query }: { params: { vehicleId: string }; query: JourneysQuery }) {
  const response = await api.listJourneys(params.vehicleId, listPageParams(query, journeyDateFilter(query.from, query.to)));
  const page = response.data;
  return {
    data: {
      items: page.results,
      nextPageToken: page.nextPageToken ?? null,
      totalResults: page.estimatedTotalResults ?? page.totalResults ?? null,
    },
    call: response,
  };
}
