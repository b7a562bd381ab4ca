'use client';

import { Unplug } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { clientLazy } from '@/components/ui/client-lazy';
import type { VehicleRecord } from '@/lib/vehicles/types';
import type { VehicleDisconnected } from '@/lib/vehicles/query';

// Every tab of a vehicle carries the button; the confirmation (its dialog and form) loads on the first press.
const DisconnectVehicleDialog = clientLazy(() => import('./disconnect-vehicle-dialog').then((m) => m.DisconnectVehicleDialog));

/** The header's Disconnect button and, once pressed, its confirmation with the VIN typed back. */
export function DisconnectVehicle({
  org,
  vehicle,
  onDisconnected,
}: {
  org: string;
  vehicle: VehicleRecord;
  onDisconnected: (result: VehicleDisconnected) => void;
}) {
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  return (
    <>
      <Button
        variant="danger"
        aria-haspopup="dialog"
        onClick={() => {
          setAsked(true);
          setOpen(true);
        }}
      >
        <Unplug aria-hidden className="h-4 w-4" /> Disconnect vehicle
      </Button>
      {asked ? (
        <DisconnectVehicleDialog org={org} vehicle={vehicle} onDisconnected={onDisconnected} open={open} onOpenChange={setOpen} />
      ) : null}
    </>
  );
}
