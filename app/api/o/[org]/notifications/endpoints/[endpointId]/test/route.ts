import { withOrg } from '@/lib/bff/with-org';
import { webhookEndpointParamsSchema } from '@/lib/notifications/webhook-schemas';
import { sendTestWebhook } from '@/lib/notifications/server/manage-webhook-endpoints';

export const POST = withOrg((access) => sendTestWebhook(access, access.params.endpointId), {
  permission: 'settings.write',
  params: webhookEndpointParamsSchema,
  audit: {
    action: 'notifications.webhook_test_sent',
    target: ({ params }) => ({ type: 'webhook_endpoint', id: params.endpointId }),
    details: ({ result }) => ({ eventId: result.eventId }),
  },
});
