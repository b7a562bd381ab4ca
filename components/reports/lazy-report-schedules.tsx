'use client';

import dynamic from 'next/dynamic';
import { Skeleton } from '@/components/ui/states';

/** The schedules card (its form, members and validation) loads after the report itself: it sits below the tables. */
export const LazyReportSchedules = dynamic(() => import('./report-schedules').then((m) => m.ReportSchedules), {
  ssr: false,
  loading: () => <Skeleton className="h-40 w-full" />,
});
