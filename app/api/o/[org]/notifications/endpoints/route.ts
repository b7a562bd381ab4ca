import { withOrg } from '@/lib/bff/with-org';
import { webhookEndpointInputSchema } from '@/lib/notifications/webhook-schemas';
import { createWebhookEndpoint, listWebhookEndpointViews } from '@/lib/notifications/server/manage-webhook-endpoints';

export const GET = withOrg((access) => listWebhookEndpointViews(access), { permission: 'notifications.read' });

export const POST = withOrg((access) => createWebhookEndpoint(access, access.body), {
  permission: 'settings.write',
  body: webhookEndpointInputSchema,
  stepUp: 'notifications.webhook_secret',
  audit: {
    action: 'notifications.webhook_endpoint_created',
    target: () => ({ type: 'webhook_endpoint' }),
    resultTarget: ({ endpoint }) => ({ id: endpoint.id }),
    // The secret is never recorded.
    details: ({ body }) => ({ url: body.url }),
  },
});
