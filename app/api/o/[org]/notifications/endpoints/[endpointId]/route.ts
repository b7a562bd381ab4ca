import { withOrg } from '@/lib/bff/with-org';
import { webhookEndpointParamsSchema, webhookEndpointPatchSchema } from '@/lib/notifications/webhook-schemas';
import { deleteWebhookEndpointById, updateWebhookEndpointSettings } from '@/lib/notifications/server/manage-webhook-endpoints';

export const PATCH = withOrg((access) => updateWebhookEndpointSettings(access, access.params.endpointId, access.body), {
  permission: 'settings.write',
  params: webhookEndpointParamsSchema,
  body: webhookEndpointPatchSchema,
  audit: {
    action: 'notifications.webhook_endpoint_updated',
    target: ({ params }) => ({ type: 'webhook_endpoint', id: params.endpointId }),
    details: ({ body }) => ({ ...body }),
  },
});

export const DELETE = withOrg((access) => deleteWebhookEndpointById(access, access.params.endpointId), {
  permission: 'settings.write',
  params: webhookEndpointParamsSchema,
  audit: {
    action: 'notifications.webhook_endpoint_deleted',
    target: ({ params }) => ({ type: 'webhook_endpoint', id: params.endpointId }),
    details: ({ result }) => ({ url: result.url }),
  },
});
