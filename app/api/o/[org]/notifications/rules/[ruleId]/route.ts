import { withOrg } from '@/lib/bff/with-org';
import * as z from '@/lib/validations/zod';
import { ruleInputSchema, ruleParamsRouteSchema, ruleToggleSchema } from '@/lib/notifications/schemas';
import { deleteNotificationRule, updateNotificationRule } from '@/lib/notifications/server/manage-rules';

export const PATCH = withOrg((access) => updateNotificationRule(access, access.params.ruleId, access.body), {
  permission: 'notifications.write',
  params: ruleParamsRouteSchema,
  body: z.union([ruleToggleSchema, ruleInputSchema]),
  audit: {
    action: 'notifications.rule_updated',
    target: ({ params }) => ({ type: 'notification_rule', id: params.ruleId }),
    details: ({ body }) => ({ ...body }),
  },
});

export const DELETE = withOrg((access) => deleteNotificationRule(access, access.params.ruleId), {
  permission: 'notifications.write',
  params: ruleParamsRouteSchema,
  audit: {
    action: 'notifications.rule_deleted',
    target: ({ params }) => ({ type: 'notification_rule', id: params.ruleId }),
    details: ({ result }) => ({ name: result.name }),
  },
});
