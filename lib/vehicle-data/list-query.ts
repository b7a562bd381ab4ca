'use client';

// Lists whose page and filter live in the URL: their hooks bring nuqs, so they stay out of query.ts
// and a page that reads one record does not load it.

import { useCursorList } from '@/lib/list/use-cursor-list';
import { vehicleDataPath } from '@/lib/vehicle-data/query';
import { vehicleDataKeys } from '@/lib/vehicle-data/query-keys';
import type { ChargingPage, ChargingSession, DataPage, Journey } from '@/lib/vehicle-data/types';

/** The vehicle's charging sessions that started between two instants, a cursor-paged list whose page lives in the URL. */
export function useChargingSessions(org: string, vehicleId: string, instants: { from: string; to: string }) {
  return useCursorList<ChargingSession, ChargingPage>({
    endpoint: vehicleDataPath(org, vehicleId, 'charging'),
    keyOf: (query) => vehicleDataKeys.section(org, vehicleId, 'charging', query),
    apiParams: instants,
  });
}

/** The journeys between two instants, a cursor-paged list whose page lives in the URL. */
export function useJourneyPages(org: string, vehicleId: string, instants: { from: string; to: string }) {
  return useCursorList<Journey, DataPage<Journey>>({
    endpoint: vehicleDataPath(org, vehicleId, 'journeys'),
    keyOf: (query) => vehicleDataKeys.section(org, vehicleId, 'journeys', query),
    apiParams: instants,
  });
}
