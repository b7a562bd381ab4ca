import 'server-only';
import { getDb } from '@/lib/db';
import { deleteRule, findRule, insertRule, listRules, unsubscribeFromRule, updateRule } from '@/lib/db/repos/notifications/rules';
import { findView } from '@/lib/db/repos/saved-views';
import type { NotificationRule, NotificationScope } from '@/lib/db/schema';
import { AppError, invalidField } from '@/lib/errors/app-error';
import type { OrgAccess } from '@/lib/org/org-access';
import { ALERT_SEVERITIES, SCOPED_KINDS, type RuleParams, type RuleView } from '../kinds';
import type { RuleInput } from '../schemas';
import { evaluateRules, type EvaluationSummary } from './evaluate-rules';
import { assertRuleEndpoints } from './manage-webhook-endpoints';

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
    webhookEndpointIds: rule.webhookEndpointIds,
    enabled: rule.enabled,
    isDefault: rule.defaultKey !== null,
    scope: rule.scope ?? { type: 'all' },
  };
}

export async function listNotificationRules(access: OrgAccess): Promise<{ rules: RuleView[] }> {
  return { rules: (await listRules(getDb(), access.org.id)).map(toRuleView) };
}

/** The scope as stored: null for every vehicle, and for the kinds a scope does not narrow; a view must be the organization's. */
async function storedScope(access: OrgAccess, input: RuleInput): Promise<NotificationScope | null> {
  const scope = input.scope;
  if (!scope || scope.type === 'all' || !SCOPED_KINDS.includes(input.kind)) return null;
  if (scope.type === 'view' && !(await findView(getDb(), access.org.id, scope.viewId)))
    throw invalidField('scope.viewId', 'Choose a saved view');
  return scope;
}

export async function createNotificationRule(access: OrgAccess, input: RuleInput): Promise<{ rule: RuleView }> {
  await assertRuleEndpoints(access.org.id, input.webhookEndpointIds);
  return { rule: toRuleView(await insertRule(getDb(), access.org.id, { ...input, scope: await storedScope(access, input) })) };
}

export async function updateNotificationRule(
  access: OrgAccess,
  ruleId: string,
  input: RuleInput | { enabled: boolean },
): Promise<{ rule: RuleView }> {
  if ('webhookEndpointIds' in input) await assertRuleEndpoints(access.org.id, input.webhookEndpointIds);
  const changes = 'kind' in input ? { ...input, scope: await storedScope(access, input) } : input;
  const row = await updateRule(getDb(), access.org.id, ruleId, changes);
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

/**
 * "Check now": one pass of the organization's periodic rules in this request, the pass the
 * `notifications.evaluate` job makes every minute for every organization. What was told stays
 * quiet (the condition rows decide, so a check beside the job's pass never tells twice); what
 * cleared is told as cleared. It reads Motorpool's own records, as the job does.
 */
export async function checkRulesNow(access: OrgAccess, now = new Date()): Promise<EvaluationSummary> {
  return evaluateRules(getDb(), now, { organizationId: access.org.id });
}
