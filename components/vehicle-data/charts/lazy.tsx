'use client';

import dynamic from 'next/dynamic';
import { Skeleton } from '@/components/ui/states';

/**
 * The charts load only where one is drawn, after the page's own code, and only in the browser: they
 * measure their box, and their labels follow the viewer's locale and time zone.
 */
const loading = () => <Skeleton className="h-full w-full" />;

export const LazyJourneysChart = dynamic(() => import('./journeys-chart').then((m) => m.JourneysChart), { ssr: false, loading });
export const LazyChargingChart = dynamic(() => import('./charging-chart').then((m) => m.ChargingChart), { ssr: false, loading });
export const LazyTireChart = dynamic(() => import('./tire-chart').then((m) => m.TireChart), { ssr: false, loading });
