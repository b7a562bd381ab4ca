'use client';

import dynamic from 'next/dynamic';
import { Skeleton } from '@/components/ui/states';

/** Recharts loads only where a chart is drawn, after the page's own code (it is the heaviest dependency). */
const loading = () => <Skeleton className="h-full w-full" />;

export const LazyJourneysChart = dynamic(() => import('./journeys-chart').then((m) => m.JourneysChart), { ssr: false, loading });
export const LazyChargingChart = dynamic(() => import('./charging-chart').then((m) => m.ChargingChart), { ssr: false, loading });
export const LazyTireChart = dynamic(() => import('./tire-chart').then((m) => m.TireChart), { ssr: false, loading });
