'use client';

import { clientLazy } from '@/components/ui/client-lazy';
import { LoadingRows } from '@/components/ui/skeleton';

/** The webhook endpoints panel, loaded after the settings page's first paint: few organizations use it. */
export const WebhookEndpointsSection = clientLazy(
  () => import('./webhook-endpoints-panel').then((m) => m.WebhookEndpointsPanel),
  () => <LoadingRows rows={2} label="Loading webhook endpoints" />,
);
