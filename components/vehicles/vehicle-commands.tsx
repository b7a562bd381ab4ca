'use client';

import { useQuery } from '@tanstack/react-query';
import { CommandPanel } from '@/components/commands/command-panel';
import type { VehicleRecord } from '@/lib/fleet/types';
import { apiFetch } from '@/lib/query/api-fetch';
import { fleetKeys } from '@/lib/query/fleet-keys';

/** The command panel of the vehicle page, sharing the header's vehicle query. */
export function VehicleCommands({ org, vehicleId }: { org: string; vehicleId: string }) {
  const query = useQuery({
    queryKey: fleetKeys.vehicle(org, vehicleId),
    queryFn: () => apiFetch<{ vehicle: VehicleRecord }>(`/api/o/${org}/vehicles/${encodeURIComponent(vehicleId)}`),
  });
  const vehicle = query.data?.vehicle;
  if (!vehicle) return null;
  const name = [vehicle.make, vehicle.model].filter(Boolean).join(' ') || vehicle.id;
  return <CommandPanel org={org} vehicleId={vehicle.id} vehicleName={vehicle.vin ? `${name} (${vehicle.vin})` : name} isListening={vehicle.isListening !== false} />;
}
