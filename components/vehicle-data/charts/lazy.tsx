'use client';

import { clientLazy } from '@/components/ui/client-lazy';
import { Skeleton } from '@/components/ui/states';

/**
 * The charts load only where one is drawn, after the page's own code, and only in the browser: they
 * measure their box, and their labels follow the viewer's locale and time zone.
 */
const loading = () => <Skeleton className="h-full w-full" />;

export const LazyJourneysChart = clientLazy(() => import('./journeys-chart').then((m) => m.JourneysChart), loading);
export const LazyChargingChart = clientLazy(() => import('./charging-chart').then((m) => m.ChargingChart), loading);
export const LazyTireChart = clientLazy(() => import('./tire-chart').then((m) => m.TireChart), loading);
