import { withOrg } from '@/lib/bff/with-org';
import { webhookEndpointParamsSchema } from '@/lib/notifications/webhook-schemas';
import { rotateWebhookEndpointSecret } from '@/lib/notifications/server/manage-webhook-endpoints';

/** A new signing secret, shown in this answer only. */
export const POST = withOrg((access) => rotateWebhookEndpointSecret(access, access.params.endpointId), {
  permission: 'settings.write',
  params: webhookEndpointParamsSchema,
  stepUp: 'notifications.webhook_secret',
  audit: {
    action: 'notifications.webhook_secret_rotated',
    target: ({ params }) => ({ type: 'webhook_endpoint', id: params.endpointId }),
  },
});
