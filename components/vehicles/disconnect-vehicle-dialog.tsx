'use client';

import { makeLabel } from '@/lib/contract/makes';
import { toast } from '@/components/ui/toast';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { VehicleRecord } from '@/lib/vehicles/types';
import { errorText } from '@/components/list/error-text';
import { useDisconnectVehicle, type VehicleDisconnected } from '@/lib/vehicles/query';

/** Disconnect with the VIN typed back; on success the vehicle leaves every cached list at once. */
export function DisconnectVehicleDialog({
  org,
  vehicle,
  onDisconnected,
  open,
  onOpenChange,
}: {
  org: string;
  vehicle: VehicleRecord;
  onDisconnected: (result: VehicleDisconnected) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const disconnect = useDisconnectVehicle(org, vehicle.id);
  const confirmText = vehicle.vin ?? vehicle.id;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
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
          onDisconnected(await disconnect.mutateAsync());
        } catch (error) {
          toast.error(errorText(error, 'The vehicle could not be disconnected.'));
        }
      }}
    />
  );
}
