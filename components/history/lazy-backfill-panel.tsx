'use client';

import { clientLazy } from '@/components/ui/client-lazy';
import { Skeleton } from '@/components/ui/states';

/** The history backfill card (its request, estimate and form) loads after the tab itself: it sits below the lists. */
export const LazyBackfillPanel = clientLazy(
  () => import('./backfill-panel').then((m) => m.BackfillPanel),
  () => <Skeleton className="h-32 w-full" />,
);
