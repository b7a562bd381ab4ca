import { revokeOrgApiCredential } from '@/lib/api-credentials/server/manage-api-credentials';
import { apiCredentialParamsSchema } from '@/lib/api-credentials/schemas';
import { withOrg } from '@/lib/bff/with-org';

export const DELETE = withOrg((access) => revokeOrgApiCredential(access, access.params.credentialId), {
  permission: 'apiCredentials.manage',
  params: apiCredentialParamsSchema,
  audit: {
    action: 'api_credentials.revoked',
    target: ({ params }) => ({ type: 'api_credential', id: params.credentialId }),
    details: ({ result }) => ({ name: result.credential.name, prefix: result.credential.prefix }),
  },
});
