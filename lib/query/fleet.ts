'use client';

import { useQuery } from '@tanstack/react-query';
import type { FleetOverview } from '@/lib/fleet/types';
import { apiFetch } from './api-fetch';

export const fleetKeys = {
  overview: (org: string) => ['overview', org] as const,
};

export function useOverview(org: string) {
  return useQuery({ queryKey: fleetKeys.overview(org), queryFn: () => apiFetch<FleetOverview>(`/api/o/${org}/overview`) });
}
