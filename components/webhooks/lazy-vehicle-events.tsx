'use client';

import dynamic from 'next/dynamic';
import { Skeleton } from '@/components/ui/states';

/** The vehicle's recent pushed events load after its overview and commands: the card sits below them. */
export const LazyVehicleEvents = dynamic(() => import('./vehicle-events').then((m) => m.VehicleEvents), {
  ssr: false,
  loading: () => <Skeleton className="h-40 w-full" />,
});
