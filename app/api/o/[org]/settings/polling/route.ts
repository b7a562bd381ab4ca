import { withOrg } from '@/lib/bff/with-org';
import { updateCommandPolling } from '@/lib/events/server/webhook-settings';
import { commandPollingSchema } from '@/lib/validations/events';

export const PUT = withOrg(({ org, body }) => updateCommandPolling(org, body), {
  permission: 'settings.write',
  body: commandPollingSchema,
  audit: {
    action: 'settings.command_polling_changed',
    target: () => ({ type: 'organization' }),
    details: ({ body }) => ({ enabled: body.enabled }),
  },
});
