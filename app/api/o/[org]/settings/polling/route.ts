import { withOrg } from '@/lib/bff/with-org';
import { updateCommandPolling } from '@/lib/webhooks/server/manage-webhook-settings';
import { commandPollingSchema } from '@/lib/webhooks/schemas';

export const PUT = withOrg(({ org, body }) => updateCommandPolling(org, body), {
  permission: 'settings.write',
  body: commandPollingSchema,
  audit: {
    action: 'settings.command_polling_changed',
    target: () => ({ type: 'organization' }),
    details: ({ body }) => ({ enabled: body.enabled }),
  },
});
