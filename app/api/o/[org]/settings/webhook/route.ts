import { withOrg } from '@/lib/bff/with-org';
import { updateWebhookSecret } from '@/lib/webhooks/server/manage-webhook-settings';
import { webhookSecretSchema } from '@/lib/webhooks/schemas';

export const PUT = withOrg(({ org, body }) => updateWebhookSecret(org, body), {
  permission: 'settings.write',
  body: webhookSecretSchema,
  stepUp: 'settings.webhook_secret',
  audit: {
    action: 'settings.webhook_secret_updated',
    target: () => ({ type: 'organization' }),
    // The secret itself is never recorded; only whether one was set or cleared.
    details: ({ body }) => ({ secretSet: body.secret !== null }),
  },
});
