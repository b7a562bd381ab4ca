'use client';

import dynamic from 'next/dynamic';
import { LoadingRows } from '@/components/ui/states';

// Views that keep their state in the URL through nuqs and draw nothing on the server (they wait
// for the browser's time zone, or for data the browser fetches): they load after the page's own
// code, which keeps nuqs and its adapter (about 8 kB gzip) out of the page's first load.

export const LazyJourneysView = dynamic(() => import('./journeys-view').then((m) => m.JourneysView), {
  ssr: false,
  loading: () => <LoadingRows label="Loading journeys" />,
});

export const LazyTireHistoryCard = dynamic(() => import('./tire-history-card').then((m) => m.TireHistoryCard), {
  ssr: false,
  loading: () => <LoadingRows label="Loading the tire pressures" />,
});

export const LazyAlertsInbox = dynamic(() => import('./platform-alerts-inbox').then((m) => m.AlertsInbox), {
  ssr: false,
  loading: () => <LoadingRows label="Loading the alerts" />,
});
