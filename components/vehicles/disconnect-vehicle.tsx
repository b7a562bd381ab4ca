'use client';

import { makeLabel } from '@/lib/contract/makes';
import { useQueryClient } from '@tanstack/react-query';
import { Unplug } from 'lucide-react';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { ListPage, VehicleRecord } from '@/lib/vehicles/types';
import { apiFetch } from '@/lib/query/api-fetch';
import { errorText } from '@/components/list/error-text';
import { vehicleKeys } from '@/lib/vehicles/query';

type Disconnected = { processing: boolean; requestId?: string };

/** Disconnect with the VIN typed back; on success the vehicle leaves every cached list at once. */
export function DisconnectVehicle({
  org,
  vehicle,
  onDisconnected,
}: {
  org: string;
  vehicle: VehicleRecord;
  onDisconnected: (result: Disconnected) => void;
}) {
  const queryClient = useQueryClient();
  const confirmText = vehicle.vin ?? vehicle.id;
  return (
    <ConfirmDialog
      trigger={
        <Button variant="danger">
          <Unplug aria-hidden className="h-4 w-4" /> Disconnect vehicle
        </Button>
      }
      title="Disconnect this vehicle?"
      description={
        <>
          <p>
            {[makeLabel(vehicle.make), vehicle.model].filter(Boolean).join(' ') || 'This vehicle'} (
            <span className="font-mono">{confirmText}</span>) stops synchronising: no more data, no commands. This cannot be undone here;
            the owner would have to connect it again.
          </p>
        </>
      }
      confirmLabel="Disconnect"
      typeToConfirm={confirmText}
      onConfirm={async () => {
        try {
          const result = await apiFetch<Disconnected>(`/api/o/${org}/vehicles/${encodeURIComponent(vehicle.id)}`, { method: 'DELETE' });
          queryClient.setQueriesData<ListPage<VehicleRecord>>({ queryKey: vehicleKeys.lists(org) }, (page) =>
            page
              ? {
                  ...page,
                  items: page.items.filter((v) => v.id !== vehicle.id),
                  totalResults: page.totalResults === null ? null : page.totalResults - 1,
                }
              : page,
          );
          void queryClient.invalidateQueries({ queryKey: vehicleKeys.lists(org), refetchType: 'none' });
          onDisconnected(result);
        } catch (error) {
          toast.error(errorText(error, 'The vehicle could not be disconnected.'));
        }
      }}
    />
  );
}
