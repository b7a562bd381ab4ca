import { withOrg } from '@/lib/bff/with-org';
import { checkRulesNow } from '@/lib/notifications/server/manage-rules';

/**
 * One pass of the organization's periodic rules now (no data, disconnected, alerts, bulk failures,
 * stopped events), as the `notifications.evaluate` job runs every minute: after a rule is added or
 * changed, its manager sees what it finds without waiting. A condition already told stays quiet.
 */
export const POST = withOrg((access) => checkRulesNow(access), {
  permission: 'notifications.write',
  audit: {
    action: 'notifications.rules_checked',
    target: () => ({ type: 'notification_rule' }),
    details: ({ result }) => ({ rules: result.rules, opened: result.opened, cleared: result.cleared, unchecked: result.unchecked.length }),
  },
});
