'use client';

import { useQuery } from '@tanstack/react-query';
import type { FleetOverview, FleetPositions } from '@/lib/vehicles/types';
import type { FleetAlertsResponse } from '@/lib/alerts/platform-alerts';
import { apiFetch } from '@/lib/query/api-fetch';
import { fleetKeys } from '@/lib/overview/query-keys';
import type { FleetTrends } from '@/lib/overview/trends';

export function useOverview(org: string) {
  return useQuery({ queryKey: fleetKeys.overview(org), queryFn: () => apiFetch<FleetOverview>(`/api/o/${org}/overview`) });
}

/** The overview's trends, from Motorpool's own stores (no upstream call). */
export function useOverviewTrends(org: string) {
  return useQuery({ queryKey: fleetKeys.trends(org), queryFn: () => apiFetch<FleetTrends>(`/api/o/${org}/overview/trends`) });
}

/** The fleet's platform alerts; asks again every second while some vehicles are still unread. */
export function useFleetAlerts(org: string) {
  return useQuery({
    queryKey: fleetKeys.alerts(org),
    queryFn: ({ signal }) => apiFetch<FleetAlertsResponse>(`/api/o/${org}/alerts`, { signal }),
    refetchInterval: (query) => ((query.state.data?.pending ?? 0) > 0 ? 1_000 : false),
  });
}

export function usePositions(org: string) {
  return useQuery({ queryKey: fleetKeys.positions(org), queryFn: () => apiFetch<FleetPositions>(`/api/o/${org}/map`) });
}
