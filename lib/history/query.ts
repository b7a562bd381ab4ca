'use client';

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/query/api-fetch';
import type { BackfillEstimate, BackfillPanelView, BackfillView } from './backfill';
import { historyKeys } from './query-keys';
import type { BackfillRequest } from './schemas';

const backfillPath = (org: string, vehicleId: string) =>
  `/api/o/${encodeURIComponent(org)}/history/vehicles/${encodeURIComponent(vehicleId)}/backfill`;

const open = (view: BackfillPanelView | undefined) => view?.request?.status === 'queued' || view?.request?.status === 'gathering';

/**
 * A vehicle's history backfill and the estimated cost of gathering back to `from` (empty: the
 * earliest the retention keeps); polled while a request is queued or gathering.
 */
export function useVehicleBackfill(org: string, vehicleId: string, from: string) {
  return useQuery({
    queryKey: historyKeys.backfillFrom(org, vehicleId, from),
    queryFn: () => apiFetch<BackfillPanelView>(`${backfillPath(org, vehicleId)}${from ? `?from=${encodeURIComponent(from)}` : ''}`),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (open(query.state.data) ? 15_000 : false),
  });
}

/** Asks for the vehicle's history back to a start (merged into a request still open). */
export function useRequestBackfill(org: string, vehicleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BackfillRequest) =>
      apiFetch<{ backfill: BackfillView; merged: boolean; estimate: BackfillEstimate }>(backfillPath(org, vehicleId), {
        method: 'POST',
        json: input,
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: historyKeys.backfill(org, vehicleId) }),
  });
}
