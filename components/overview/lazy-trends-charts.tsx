'use client';

import dynamic from 'next/dynamic';
import { Skeleton } from '@/components/ui/states';

/** Recharts loads after the overview's own code (it is the heaviest dependency). */
export const LazyTrendsCharts = dynamic(() => import('./trends-charts').then((m) => m.TrendsCharts), {
  ssr: false,
  loading: () => <Skeleton className="h-72 w-full" />,
});
