import { withOrg } from '@/lib/bff/with-org';
import { webhookDeliveryParamsSchema } from '@/lib/notifications/webhook-schemas';
import { redeliverWebhook } from '@/lib/notifications/server/manage-webhook-endpoints';

export const POST = withOrg((access) => redeliverWebhook(access, access.params.endpointId, access.params.deliveryId), {
  permission: 'settings.write',
  params: webhookDeliveryParamsSchema,
  audit: {
    action: 'notifications.webhook_redelivered',
    target: ({ params }) => ({ type: 'webhook_endpoint', id: params.endpointId }),
    details: ({ params, result }) => ({ deliveryId: params.deliveryId, newDeliveryId: result.deliveryId }),
  },
});
