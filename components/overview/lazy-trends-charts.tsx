'use client';

import dynamic from 'next/dynamic';
import { Skeleton } from '@/components/ui/states';

/** The charts load after the overview's own code, in the browser only (they measure their box; their labels follow the viewer's locale). */
export const LazyTrendsCharts = dynamic(() => import('./trends-charts').then((m) => m.TrendsCharts), {
  ssr: false,
  loading: () => <Skeleton className="h-72 w-full" />,
});
