'use client';

import { clientLazy } from '@/components/ui/client-lazy';
import { SectionCard } from '@/components/ui/card';
import { LoadingRows } from '@/components/ui/states';

/**
 * The settings panels below the fold, loaded after the page's own code: the events (webhook) panel,
 * console API credentials and what vehicle owners see. Each reads its data in the browser, so its
 * first paint is its card with loading rows either way; the placeholder draws that same card (same
 * heading, same rows), and the panel's code (its forms, the secret and logo handling, about 6 kB
 * gzip) follows without moving anything.
 */
function PanelPlaceholder({ id, title, description, loading }: { id: string; title: string; description: string; loading: string }) {
  return (
    <SectionCard id={id} title={title} description={description}>
      <LoadingRows label={loading} />
    </SectionCard>
  );
}

export const LazyWebhookPanel = clientLazy(
  () => import('@/components/webhooks/webhook-panel').then((m) => m.WebhookPanel),
  () => (
    <PanelPlaceholder
      id="events-heading"
      title="Events (webhooks)"
      description="The Vehicle API pushes command outcomes and vehicle events here; polling covers the rest."
      loading="Loading events"
    />
  ),
);

export const LazyApiCredentialsPanel = clientLazy(
  () => import('@/components/api-credentials/api-credentials-panel').then((m) => m.ApiCredentialsPanel),
  () => (
    <PanelPlaceholder
      id="api-credentials-heading"
      title="API credentials"
      description="For scripts and integrations: the console’s own API with a bearer secret, under the same permissions, limits and audit trail."
      loading="Loading API credentials"
    />
  ),
);

export const LazyOwnerFacePanel = clientLazy(
  () => import('@/components/connect/owner-face-panel').then((m) => m.OwnerFacePanel),
  () => (
    <PanelPlaceholder
      id="owner-face-heading"
      title="What vehicle owners see"
      description="The name, logo and contacts on the page owners land on after giving consent, in their language."
      loading="Loading what owners see"
    />
  ),
);

export const LazyTariffPanel = clientLazy(
  () => import('@/components/settings/tariff-panel').then((m) => m.TariffPanel),
  () => (
    <PanelPlaceholder
      id="tariff-heading"
      title="Charging tariff"
      description="What a kWh from the grid costs, optionally by time of day in the organization’s time zone: reports price charging sessions with it."
      loading="Loading the tariff"
    />
  ),
);
