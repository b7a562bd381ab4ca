'use client';

import { clientLazy } from '@/components/ui/client-lazy';
import { Skeleton } from '@/components/ui/states';

/** The schedules card (its form, members and validation) loads after the report itself: it sits below the tables. */
export const LazyReportSchedules = clientLazy(
  () => import('./report-schedules').then((m) => m.ReportSchedules),
  () => <Skeleton className="h-40 w-full" />,
);
