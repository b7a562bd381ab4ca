import { createOrgApiCredential, listOrgApiCredentials } from '@/lib/api-credentials/server/manage-api-credentials';
import { createApiCredentialSchema } from '@/lib/api-credentials/schemas';
import { withOrg } from '@/lib/bff/with-org';

export const GET = withOrg((access) => listOrgApiCredentials(access), { permission: 'apiCredentials.manage' });

// The audit details name the credential and its scope; the secret stays out of them.
export const POST = withOrg((access) => createOrgApiCredential(access, access.body), {
  permission: 'apiCredentials.manage',
  body: createApiCredentialSchema,
  stepUp: 'api_credentials.create',
  audit: {
    action: 'api_credentials.created',
    resultTarget: (result) => ({ type: 'api_credential', id: result.credential.id }),
    details: ({ result }) => ({
      name: result.credential.name,
      prefix: result.credential.prefix,
      scope: result.credential.scope,
      permissions: result.credential.permissions,
      expiresAt: result.credential.expiresAt,
      allowedAddresses: result.credential.allowedAddresses,
      ratePerMinute: result.credential.ratePerMinute,
    }),
  },
});
