import { withOrg } from '@/lib/bff/with-org';
import { updateCredentials } from '@/lib/settings/server/update-credentials';
import { credentialsSchema } from '@/lib/settings/schemas';

export const PUT = withOrg(({ org, body }) => updateCredentials(org, body), {
  permission: 'settings.write',
  body: credentialsSchema,
  stepUp: 'settings.credentials',
  audit: {
    action: 'settings.credentials_updated',
    target: () => ({ type: 'organization' }),
    // The secret itself is never recorded; only whether it was replaced.
    details: ({ body }) => ({
      environment: body.environment,
      baseUrl: body.baseUrl ?? null,
      clientId: body.clientId,
      secretReplaced: Boolean(body.clientSecret),
    }),
  },
});
