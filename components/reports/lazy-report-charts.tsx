'use client';

import dynamic from 'next/dynamic';
import { Skeleton } from '@/components/ui/states';

/** Recharts loads after the page's own code, only once a report is drawn (it is the heaviest dependency). */
export const LazyReportCharts = dynamic(() => import('./report-charts').then((m) => m.ReportCharts), {
  ssr: false,
  loading: () => <Skeleton className="h-80 w-full" />,
});
