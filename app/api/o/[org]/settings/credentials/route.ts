import { withOrg } from '@/lib/bff/with-org';
import { updateCredentials } from '@/lib/settings/server/update-credentials';
import { credentialsSchema } from '@/lib/validations/settings';

export const PUT = withOrg(
  async ({ org, body }) => updateCredentials(org, body),
  {
    permission: 'settings.write',
    body: credentialsSchema,
    audit: {
      action: 'settings.credentials_updated',
      target: () => ({ type: 'organization' }),
      // The secret itself is never recorded; only whether it was replaced.
      details: ({ body }) => {
        const input = body as { environment: string; baseUrl?: string; clientId: string; clientSecret?: string };
        return { environment: input.environment, baseUrl: input.baseUrl ?? null, clientId: input.clientId, secretReplaced: Boolean(input.clientSecret) };
      },
    },
  },
);
