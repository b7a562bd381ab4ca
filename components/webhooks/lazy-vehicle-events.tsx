'use client';

import { clientLazy } from '@/components/ui/client-lazy';
import { Skeleton } from '@/components/ui/states';

/** The vehicle's recent pushed events load after its overview and commands: the card sits below them. */
export const LazyVehicleEvents = clientLazy(
  () => import('./vehicle-events').then((m) => m.VehicleEvents),
  () => <Skeleton className="h-40 w-full" />,
);
