'use client';

import { clientLazy } from '@/components/ui/client-lazy';
import { LoadingRows } from '@/components/ui/states';

// Views that keep their state in the URL through nuqs and draw nothing on the server (they wait
// for the browser's time zone, or for data the browser fetches): they load after the page's own
// code, which keeps nuqs and its adapter (about 8 kB gzip) out of the page's first load.

export const LazyJourneysView = clientLazy(
  () => import('./journeys-view').then((m) => m.JourneysView),
  () => <LoadingRows label="Loading journeys" />,
);

export const LazyTireHistoryCard = clientLazy(
  () => import('./tire-history-card').then((m) => m.TireHistoryCard),
  () => <LoadingRows label="Loading the tire pressures" />,
);

export const LazyAlertsInbox = clientLazy(
  () => import('./platform-alerts-inbox').then((m) => m.AlertsInbox),
  () => <LoadingRows label="Loading the alerts" />,
);
