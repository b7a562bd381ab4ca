import { withOrg } from '@/lib/bff/with-org';
import { ruleInputSchema } from '@/lib/notifications/schemas';
import { createNotificationRule, listNotificationRules } from '@/lib/notifications/server/manage-rules';

export const GET = withOrg((access) => listNotificationRules(access), { permission: 'notifications.read' });

export const POST = withOrg((access) => createNotificationRule(access, access.body), {
  permission: 'notifications.write',
  body: ruleInputSchema,
  audit: {
    action: 'notifications.rule_created',
    target: () => ({ type: 'notification_rule' }),
    resultTarget: ({ rule }) => ({ id: rule.id }),
    details: ({ body }) => ({ name: body.name, kind: body.kind, channels: body.channels, enabled: body.enabled }),
  },
});
