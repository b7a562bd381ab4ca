import type { Metadata } from 'next';
import { WebhookPanel } from '@/components/webhooks/webhook-panel';
import { ApiCredentialsPanel } from '@/components/api-credentials/api-credentials-panel';
import { can } from '@/lib/auth/permissions';
import { OwnerFacePanel } from '@/components/connect/owner-face-panel';
import { CredentialsPanel } from '@/components/settings/credentials-panel';
import { MembersPanel } from '@/components/settings/members-panel';
import { PreferencesPanel } from '@/components/settings/preferences-panel';
import { SecondFactorPanel } from '@/components/settings/second-factor-panel';
import { PageHeader } from '@/components/ui/page-header';
import { requireOrgPage } from '@/lib/bff/page-access';

export const metadata: Metadata = { title: 'Settings' };

export default async function SettingsPage({ params }: PageProps<'/o/[org]/settings'>) {
  const { org } = await params;
  const access = await requireOrgPage(org, 'settings.read');
  return (
    <>
      <PageHeader
        title="Settings"
        description={`Your units and time zone; the Vehicle API connection, its events, the members and sign-in security of ${access.org.name}.`}
      />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <PreferencesPanel />
        <CredentialsPanel org={org} />
        <MembersPanel org={org} currentUserId={access.user.id} />
        <SecondFactorPanel org={org} />
        <WebhookPanel org={org} />
        {can(access.role, 'apiCredentials.manage') ? <ApiCredentialsPanel org={org} /> : null}
        <OwnerFacePanel org={org} />
      </div>
    </>
  );
}
