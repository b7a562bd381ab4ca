import Link from 'next/link';
import { EmptyState } from '@/components/ui/states';

export default function VehicleNotFound() {
  return (
    <EmptyState
      title="No such vehicle"
      action={
        <Link href="../vehicles" className="text-sm font-medium text-accent-700 underline dark:text-accent-100">
          Back to the vehicles
        </Link>
      }
    >
      It may have been disconnected, or the link is wrong.
    </EmptyState>
  );
}
