import { withOrg } from '@/lib/bff/with-org';
import { getWebhookSettings } from '@/lib/webhooks/server/webhook-settings';

export const GET = withOrg(({ org }) => getWebhookSettings(org), { permission: 'settings.read' });
