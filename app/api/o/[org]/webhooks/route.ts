import { withOrg } from '@/lib/bff/with-org';
import { getWebhookSettings } from '@/lib/webhooks/server/manage-webhook-settings';

export const GET = withOrg(({ org }) => getWebhookSettings(org), { permission: 'settings.read' });
