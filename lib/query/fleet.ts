'use client';

import { useQuery } from '@tanstack/react-query';
import type { FleetOverview, FleetPositions } from '@/lib/fleet/types';
import { apiFetch } from './api-fetch';

export const fleetKeys = {
  overview: (org: string) => ['overview', org] as const,
  positions: (org: string) => ['positions', org] as const,
};

export function useOverview(org: string) {
  return useQuery({ queryKey: fleetKeys.overview(org), queryFn: () => apiFetch<FleetOverview>(`/api/o/${org}/overview`) });
}

export function usePositions(org: string) {
  return useQuery({ queryKey: fleetKeys.positions(org), queryFn: () => apiFetch<FleetPositions>(`/api/o/${org}/fleet/positions`) });
}
