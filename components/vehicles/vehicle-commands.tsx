'use client';

import { CommandPanel } from '@/components/commands/command-panel';
import { useVehicle } from '@/lib/vehicles/query';

/** The command panel of the vehicle page, sharing the header's vehicle query. */
export function VehicleCommands({ org, vehicleId }: { org: string; vehicleId: string }) {
  const query = useVehicle(org, vehicleId);
  const vehicle = query.data?.vehicle;
  if (!vehicle) return null;
  const name = [vehicle.make, vehicle.model].filter(Boolean).join(' ') || vehicle.id;
  return (
    <CommandPanel
      org={org}
      vehicleId={vehicle.id}
      vehicleName={vehicle.vin ? `${name} (${vehicle.vin})` : name}
      isListening={vehicle.isListening !== false}
    />
  );
}
