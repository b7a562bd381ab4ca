import type { Role } from '@/lib/auth/permissions';
import { keysOf } from '@/lib/keys-of';

/**
 * The events a rule can watch, their channels and recipients: the browser-safe side of
 * lib/db/schema/notifications, whose lists the database's check constraints are built from
 * (server/kinds-agree.test.ts keeps the two the same). Each kind is named once, with its label.
 */
const RULE_KIND_LABELS = {
  command_failed: 'Command failed or outcome unknown',
  no_data: 'No data for a number of hours',
  vehicle_disconnected: 'Vehicle disconnected',
  alert_severity: 'Platform alert at or above a severity',
  bulk_failures: 'Bulk job finished with failures',
  events_stopped: 'Pushed events stopped',
};
export const NOTIFICATION_KINDS = keysOf(RULE_KIND_LABELS);
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const NOTIFICATION_CHANNELS = ['console', 'email', 'webhook'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export const ALERT_SEVERITIES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];

/** Inbox entries the console writes itself, not through a rule. */
export type InboxKind = NotificationKind | 'webhook_disabled';

export const KIND_LABELS: Readonly<Record<InboxKind, string>> = {
  ...RULE_KIND_LABELS,
  webhook_disabled: 'Webhook endpoint switched off',
};

export const CHANNEL_LABELS: Readonly<Record<NotificationChannel, string>> = {
  console: 'Console inbox',
  email: 'E-mail',
  webhook: 'Webhook',
};

/** Whether a severity is at least the rule's threshold (CRITICAL highest); an unknown severity never is. */
export function severityAtLeast(severity: string | null | undefined, threshold: string): boolean {
  const rank = (value: string | null | undefined) => ALERT_SEVERITIES.indexOf((value ?? '').toUpperCase() as AlertSeverity);
  const have = rank(severity);
  const need = rank(threshold);
  return have >= 0 && need >= 0 && have <= need;
}

export type RuleParams = { commands?: string[]; includeUnknown?: boolean; hours?: number; severity?: AlertSeverity };
export type RuleRecipients = { roles: Role[]; userIds: string[]; sender: boolean };

/** Where a rule looks: every vehicle, those with a tag, or those a saved view shows. */
export type RuleScope = { type: 'all' } | { type: 'tag'; key: string; value: string } | { type: 'view'; viewId: string };

/** The kinds about one vehicle: the only ones a scope narrows (bulk jobs and pushed events are the organization's). */
export const SCOPED_KINDS: readonly NotificationKind[] = ['command_failed', 'no_data', 'vehicle_disconnected', 'alert_severity'];

/** A rule's scope in words; a view is named when its name is known. */
export function describeScope(scope: RuleScope, viewNames: ReadonlyMap<string, string> = new Map()): string {
  if (scope.type === 'tag') return `vehicles tagged ${scope.key} = ${scope.value}`;
  if (scope.type === 'view') return `vehicles in the view “${viewNames.get(scope.viewId) ?? 'a deleted view'}”`;
  return 'every vehicle';
}

/** A rule as the browser receives it. */
export type RuleView = {
  id: string;
  name: string;
  kind: NotificationKind;
  params: RuleParams;
  channels: NotificationChannel[];
  recipients: RuleRecipients;
  /** The webhook channel's endpoints. */
  webhookEndpointIds: string[];
  enabled: boolean;
  isDefault: boolean;
  scope: RuleScope;
};

/** A number of hours in words: 1 hour, 6 hours. */
export const hoursText = (hours: number) => (hours === 1 ? '1 hour' : `${hours} hours`);

/** One sentence saying what a rule watches, with its parameters. */
export function describeRule(rule: Pick<RuleView, 'kind' | 'params'>): string {
  const { params } = rule;
  switch (rule.kind) {
    case 'command_failed': {
      const which = params.commands?.length ? params.commands.join(', ') : 'any command';
      return `${which} ends failed${params.includeUnknown ? ' or with an unknown outcome' : ''}`;
    }
    case 'no_data':
      return `a vehicle sends no data for ${hoursText(params.hours ?? 24)}`;
    case 'vehicle_disconnected':
      return 'a vehicle’s connection is no longer active';
    case 'alert_severity':
      return `a platform alert of severity ${params.severity ?? 'CRITICAL'} or higher is active`;
    case 'bulk_failures':
      return 'a bulk job finishes with failed rows';
    case 'events_stopped':
      return `no pushed event has arrived for ${hoursText(params.hours ?? 1)}`;
  }
}

/** Who a rule reaches, in words. */
export function describeRecipients(recipients: RuleRecipients, memberNames: ReadonlyMap<string, string> = new Map()): string {
  const parts: string[] = [];
  if (recipients.sender) parts.push('the member who sent it');
  for (const role of recipients.roles) parts.push(`every ${role}`);
  for (const id of recipients.userIds) parts.push(memberNames.get(id) ?? 'a member');
  return parts.length ? parts.join(', ') : 'nobody';
}

/** What one "Check now" pass did (the server's EvaluationSummary). */
export type CheckSummary = { rules: number; opened: number; cleared: number; unchecked: string[] };

const count = (n: number, one: string, many: string) => `${n === 0 ? 'no' : n} ${n === 1 ? one : many}`;

/** "Checked 3 rules: 1 new notification, none cleared." and which rules could not be checked. */
export function describeCheck({ rules, opened, cleared, unchecked }: CheckSummary): string {
  if (rules === 0) return 'No periodic rule is on: nothing to check.';
  const checked = rules - unchecked.length;
  const done = `Checked ${checked === 1 ? '1 rule' : `${checked} rules`}: ${count(opened, 'new notification', 'new notifications')}, ${cleared === 0 ? 'none' : cleared} cleared.`;
  if (!unchecked.length) return done;
  const names = unchecked.map((name) => `“${name}”`).join(', ');
  return `${done} Not checked: ${names} (the Vehicle API did not answer which vehicles ${unchecked.length === 1 ? 'its' : 'their'} tag or view holds; try again in a minute).`;
}
