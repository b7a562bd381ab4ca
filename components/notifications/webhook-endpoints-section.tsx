'use client';

import dynamic from 'next/dynamic';
import { LoadingRows } from '@/components/ui/skeleton';

/** The webhook endpoints panel, loaded after the settings page's first paint: few organizations use it. */
export const WebhookEndpointsSection = dynamic(() => import('./webhook-endpoints-panel').then((m) => m.WebhookEndpointsPanel), {
  ssr: false,
  loading: () => <LoadingRows rows={2} label="Loading webhook endpoints" />,
});
