import { AppError } from '@/lib/errors/app-error';
import { withOrg } from '@/lib/bff/with-org';
import { getDb } from '@/lib/db';
import { updateOrganizationCredentials } from '@/lib/db/repos/organizations';
import { usesEmbeddedSandbox } from '@/lib/env';
import { credentialsSchema } from '@/lib/validations/settings';

export const PUT = withOrg(
  async ({ org, body }) => {
    if (body.environment === 'embedded' && !usesEmbeddedSandbox()) {
      throw new AppError('VALIDATION_FAILED', 'The embedded sandbox is not available on this server.', { fields: { environment: ['Not available here'] } });
    }
    const updated = await updateOrganizationCredentials(getDb(), org.id, {
      apiBaseUrl: body.environment === 'embedded' ? null : (body.baseUrl ?? null),
      clientId: body.clientId,
      clientSecret: body.clientSecret || undefined,
    });
    return { environment: updated.apiBaseUrl === null ? 'embedded' : 'custom', baseUrl: updated.apiBaseUrl, clientId: updated.clientId, updatedAt: updated.updatedAt };
  },
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
