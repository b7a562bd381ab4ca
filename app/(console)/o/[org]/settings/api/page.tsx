import type { Metadata } from 'next';
import { ApiReference } from '@/components/api-credentials/api-reference';
import { PageHeader } from '@/components/ui/page-header';
import { TryOperationCard } from '@/components/api-credentials/try-operation-loader';
import { operationsOf, tryableOperations } from '@/lib/api-credentials/api-reference';
import { can } from '@/lib/auth/permissions';
import { requireOrgPage } from '@/lib/bff/page-access';
import { buildOpenApiDocument } from '@/lib/bff/openapi';
import { ORG_ROUTES } from '@/app/api/openapi.json/org-routes';
import { documentedErrorCodes } from '@/lib/errors/error-codes';

export const metadata: Metadata = { title: 'API reference' };

export default async function ApiReferencePage({ params }: PageProps<'/o/[org]/settings/api'>) {
  const { org } = await params;
  const access = await requireOrgPage(org, 'settings.read');
  const operations = operationsOf(buildOpenApiDocument(ORG_ROUTES, '/'));
  return (
    <>
      <PageHeader
        title="API reference"
        description={`The console's own API for scripts and integrations of ${access.org.name}: the routes this console uses, with the same permissions, limits and audit trail. An admin creates API credentials in Settings.`}
      />
      {/* Admins only: the try sends a GET with the admin's own session (the routes check its permissions as ever). */}
      {can(access.role, 'apiCredentials.manage') ? (
        <TryOperationCard org={access.org.slug} operations={tryableOperations(operations)} />
      ) : null}
      <ApiReference org={access.org.slug} operations={operations} errorCodes={documentedErrorCodes()} />
    </>
  );
}
