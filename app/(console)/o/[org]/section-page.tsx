import { Suspense, type ComponentType } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingRows } from '@/components/ui/skeleton';
import type { Permission } from '@/lib/auth/permissions';
import { requireOrgPage } from '@/lib/bff/page-access';

type OrgSection = {
  permission: Permission;
  title: string;
  description: string;
  /** The placeholder while the section loads: its accessible label and how many rows it shows. */
  loading?: { label?: string; rows?: number };
};

/**
 * The page of an organization's top-level section (vehicles, accounts, commands, …): the
 * page-side access check, the page header, and the section's client component behind a loading
 * placeholder.
 */
export function orgSectionPage(Section: ComponentType<{ org: string }>, { permission, title, description, loading }: OrgSection) {
  return async function OrgSectionPage({ params }: { params: Promise<{ org: string }> }) {
    const { org } = await params;
    await requireOrgPage(org, permission);
    return (
      <>
        <PageHeader title={title} description={description} />
        <Suspense fallback={<LoadingRows label={loading?.label} rows={loading?.rows} />}>
          <Section org={org} />
        </Suspense>
      </>
    );
  };
}
