'use client';

import dynamic from 'next/dynamic';
import { Skeleton } from '@/components/ui/states';

/** The history backfill card (its request, estimate and form) loads after the tab itself: it sits below the lists. */
export const LazyBackfillPanel = dynamic(() => import('./backfill-panel').then((m) => m.BackfillPanel), {
  ssr: false,
  loading: () => <Skeleton className="h-32 w-full" />,
});
