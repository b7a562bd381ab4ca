import { withOrg } from '@/lib/bff/with-org';
import { ruleParamsRouteSchema } from '@/lib/notifications/schemas';
import { unsubscribeNotificationRule } from '@/lib/notifications/server/manage-rules';

export const POST = withOrg((access) => unsubscribeNotificationRule(access, access.params.ruleId), {
  permission: 'org.read',
  params: ruleParamsRouteSchema,
  audit: {
    action: 'notifications.unsubscribed',
    target: ({ params }) => ({ type: 'notification_rule', id: params.ruleId }),
  },
});
