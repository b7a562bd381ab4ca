'use client';

import { clientLazy } from '@/components/ui/client-lazy';
import { Skeleton } from '@/components/ui/states';

/** The charts load after the page's own code, only once a report is drawn, in the browser only (they measure their box; their labels follow the viewer's locale). */
export const LazyReportCharts = clientLazy(
  () => import('./report-charts').then((m) => m.ReportCharts),
  () => <Skeleton className="h-80 w-full" />,
);
