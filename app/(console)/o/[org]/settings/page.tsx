import type { Metadata } from 'next';
import { WebhookEndpointsSection } from '@/components/notifications/webhook-endpoints-section';
import { can } from '@/lib/auth/permissions';
import { LazyApiCredentialsPanel, LazyOwnerFacePanel, LazyTariffPanel, LazyWebhookPanel } from '@/components/settings/lazy-panels';
import { CredentialsPanel } from '@/components/settings/credentials-panel';
import { MembersPanel } from '@/components/settings/members-panel';
import { PreferencesPanel } from '@/components/settings/preferences-panel';
import { SecondFactorPanel } from '@/components/settings/second-factor-panel';
import { PageHeader } from '@/components/ui/page-header';
import { DeliveryPreferencesSection } from '@/components/notifications/delivery-preferences-section';
import { requireOrgPage } from '@/lib/bff/page-access';
import { env } from '@/lib/env';

export const metadata: Metadata = { title: 'Settings' };

export default async function SettingsPage({ params }: PageProps<'/o/[org]/settings'>) {
  const { org } = await params;
  const access = await requireOrgPage(org, 'settings.read');
  return (
    <>
      <PageHeader
        title="Settings"
        description={`Your units, time zone and notification e-mail; the Vehicle API connection, its events, the members and sign-in security of ${access.org.name}.`}
      />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <PreferencesPanel />
        <DeliveryPreferencesSection />
        <CredentialsPanel org={org} />
        <MembersPanel org={org} currentUserId={access.user.id} />
        <SecondFactorPanel org={org} />
        <LazyWebhookPanel org={org} />
        {can(access.role, 'notifications.read') ? (
          <WebhookEndpointsSection
            org={org}
            canManage={can(access.role, 'settings.write')}
            secretOverlapHours={env().WEBHOOK_SECRET_OVERLAP_HOURS}
          />
        ) : null}
        {can(access.role, 'apiCredentials.manage') ? <LazyApiCredentialsPanel org={org} /> : null}
        <LazyOwnerFacePanel org={org} />
        <LazyTariffPanel org={org} />
      </div>
    </>
  );
}
