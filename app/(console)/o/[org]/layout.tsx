import type { ReactNode } from 'react';
import { ExecutionWatcherProvider } from '@/components/commands/execution-watcher';
import { ConsoleShell } from '@/components/layout/console-shell';
import { NAV_ITEMS } from '@/components/layout/nav-items';
import { PreferencesProvider } from '@/components/layout/preferences-provider';
import { SessionRole } from '@/components/layout/session-role';
import { getPreferences } from '@/lib/profile/server/manage-preferences';
import { can } from '@/lib/auth/permissions';
import { requireOrgPage } from '@/lib/bff/page-access';
import { listOrganizations } from '@/lib/profile/server/list-organizations';
import { usesEmbeddedSandbox } from '@/lib/env';

export default async function OrgLayout({ children, params }: LayoutProps<'/o/[org]'>) {
  const { org } = await params;
  const access = await requireOrgPage(org);
  const [orgs, preferences] = await Promise.all([listOrganizations(access.user.id), getPreferences(access.user.id)]);
  const nav = NAV_ITEMS.filter((item) => can(access.role, item.permission));
  return (
    <PreferencesProvider initial={preferences}>
      <SessionRole org={access.org.slug} role={access.role}>
        <ConsoleShell
          org={access.org.slug}
          orgs={orgs}
          nav={nav}
          user={{ email: access.user.email, role: access.role }}
          demo={usesEmbeddedSandbox()}
        >
          <ExecutionWatcherProvider org={access.org.slug}>{children as ReactNode}</ExecutionWatcherProvider>
        </ConsoleShell>
      </SessionRole>
    </PreferencesProvider>
  );
}
