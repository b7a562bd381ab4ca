'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AlertStepTickView } from '@/lib/alerts/platform-alerts';
import type { AlertStepTickInput } from '@/lib/alerts/schemas';
import { fleetKeys } from '@/lib/overview/query-keys';
import { apiFetch } from '@/lib/query/api-fetch';
import { vehicleDataKeys } from '@/lib/vehicle-data/query-keys';

/** Ticks or unticks a resolution step for the team; both inboxes (the fleet's, the vehicle's) read the ticks again. */
export function useTickAlertStep(org: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AlertStepTickInput) =>
      apiFetch<{ tick: AlertStepTickView | null }>(`/api/o/${org}/alerts/steps`, { method: 'POST', json: input }),
    onSettled: (_data, _error, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: fleetKeys.alerts(org) }),
        queryClient.invalidateQueries({ queryKey: vehicleDataKeys.section(org, input.vehicleId, 'alerts') }),
      ]),
  });
}
