'use client';

import { useRouter } from 'next/navigation';
import { LookupForm } from '@/components/ui/lookup-form';
import { lookUpVehicle } from '@/lib/vehicles/list-query';

/** Search by VIN, plate or id: opens the vehicle directly instead of filtering the list. */
export function VehicleSearch({ org }: { org: string }) {
  const router = useRouter();
  return (
    <LookupForm
      id="vehicle-search"
      label="VIN, plate or vehicle id"
      name="Open a vehicle"
      search
      action="Open"
      check={(text) => (text ? { value: text } : { error: 'Enter a VIN, plate or vehicle id.' })}
      onLookUp={async (text) => {
        const { vehicleId } = await lookUpVehicle(org, text);
        router.push(`/o/${org}/vehicles/${encodeURIComponent(vehicleId)}`);
      }}
    />
  );
}
