import { EmptyState } from '@/components/ui/states';
import { BackToVehicles } from '@/components/vehicles/back-to-vehicles';

/** Reached when the vehicle layout finds no such vehicle (a layout's notFound() lands in its parent's boundary). */
export default function VehicleNotFound() {
  return (
    <EmptyState title="No such vehicle" action={<BackToVehicles />}>
      It may have been disconnected, or the link is wrong.
    </EmptyState>
  );
}
