import 'server-only';
import { getDb } from '@/lib/db';
import { deleteRule, findRule, insertRule, listRules, unsubscribeFromRule, updateRule } from '@/lib/db/repos/notifications/rules';
import type { NotificationRule } from '@/lib/db/schema';
import { AppError } from '@/lib/errors/app-error';
import type { OrgAccess } from '@/lib/org/org-access';
import { ALERT_SEVERITIES, type RuleParams, type RuleView } from '../kinds';
import type { RuleInput } from '../schemas';

/** The stored parameters as the form knows them (a severity outside the list is dropped, not passed on). */
function paramsView({ severity, ...rest }: NotificationRule['params']): RuleParams {
  const known = ALERT_SEVERITIES.find((s) => s === severity);
  return known ? { ...rest, severity: known } : rest;
}

export function toRuleView(rule: NotificationRule): RuleView {
  return {
    id: rule.id,
    name: rule.name,
    kind: rule.kind,
    params: paramsView(rule.params),
    channels: rule.channels,
    recipients: rule.recipients,
    enabled: rule.enabled,
    isDefault: rule.defaultKey !== null,
  };
}

export async function listNotificationRules(access: OrgAccess): Promise<{ rules: RuleView[] }> {
  return { rules: (await listRules(getDb(), access.org.id)).map(toRuleView) };
}

export async function createNotificationRule(access: OrgAccess, input: RuleInput): Promise<{ rule: RuleView }> {
  return { rule: toRuleView(await insertRule(getDb(), access.org.id, input)) };
}

export async function updateNotificationRule(
  access: OrgAccess,
  ruleId: string,
  input: RuleInput | { enabled: boolean },
): Promise<{ rule: RuleView }> {
  const row = await updateRule(getDb(), access.org.id, ruleId, input);
  if (!row) throw new AppError('NOT_FOUND', 'No such rule.');
  return { rule: toRuleView(row) };
}

export async function deleteNotificationRule(access: OrgAccess, ruleId: string): Promise<{ name: string }> {
  const rule = await findRule(getDb(), access.org.id, ruleId);
  if (!rule || !(await deleteRule(getDb(), access.org.id, ruleId))) throw new AppError('NOT_FOUND', 'No such rule.');
  return { name: rule.name };
}

/** The signed-in member stops this rule's e-mail to them (the link in each mail leads here). */
export async function unsubscribeNotificationRule(access: OrgAccess, ruleId: string): Promise<{ rule: string }> {
  const rule = await findRule(getDb(), access.org.id, ruleId);
  if (!rule) throw new AppError('NOT_FOUND', 'No such rule.');
  await unsubscribeFromRule(getDb(), rule.id, access.user.id);
  return { rule: rule.name };
}
