'use client';

import { clientLazy } from '@/components/ui/client-lazy';
import { Skeleton } from '@/components/ui/states';

/** The charts load after the overview's own code, in the browser only (they measure their box; their labels follow the viewer's locale). */
export const LazyTrendsCharts = clientLazy(
  () => import('./trends-charts').then((m) => m.TrendsCharts),
  () => <Skeleton className="h-72 w-full" />,
);
