import { withOrg } from '@/lib/bff/with-org';
import { webhookEndpointParamsSchema } from '@/lib/notifications/webhook-schemas';
import { listEndpointDeliveries } from '@/lib/notifications/server/manage-webhook-endpoints';

/** The endpoint's delivery log: the latest 50 deliveries with each attempt. */
export const GET = withOrg((access) => listEndpointDeliveries(access, access.params.endpointId), {
  permission: 'notifications.read',
  params: webhookEndpointParamsSchema,
});
