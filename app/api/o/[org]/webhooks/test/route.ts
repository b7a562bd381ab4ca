import { withOrg } from '@/lib/bff/with-org';
import { sendTestEvent } from '@/lib/webhooks/server/manage-webhook-settings';

export const POST = withOrg(({ org }) => sendTestEvent(org), {
  permission: 'settings.write',
  audit: { action: 'settings.webhook_test_sent', target: () => ({ type: 'organization' }) },
});
