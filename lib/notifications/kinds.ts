import type { Role } from '@/lib/auth/permissions';

/** The events a rule can watch, their channels and recipients: the browser-safe side of lib/db/schema/notifications. */
export const NOTIFICATION_KINDS = [
  'command_failed',
  'no_data',
  'vehicle_disconnected',
  'alert_severity',
  'bulk_failures',
  'events_stopped',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const NOTIFICATION_CHANNELS = ['console', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export const ALERT_SEVERITIES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];

export const KIND_LABELS: Readonly<Record<NotificationKind, string>> = {
  command_failed: 'Command failed or outcome unknown',
  no_data: 'No data for a number of hours',
  vehicle_disconnected: 'Vehicle disconnected',
  alert_severity: 'Platform alert at or above a severity',
  bulk_failures: 'Bulk job finished with failures',
  events_stopped: 'Pushed events stopped',
};

export const CHANNEL_LABELS: Readonly<Record<NotificationChannel, string>> = { console: 'Console inbox', email: 'E-mail' };

/** Whether a severity is at least the rule's threshold (CRITICAL highest); an unknown severity never is. */
export function severityAtLeast(severity: string | null | undefined, threshold: string): boolean {
  const rank = (value: string | null | undefined) => ALERT_SEVERITIES.indexOf((value ?? '').toUpperCase() as AlertSeverity);
  const have = rank(severity);
  const need = rank(threshold);
  return have >= 0 && need >= 0 && have <= need;
}

export type RuleParams = { commands?: string[]; includeUnknown?: boolean; hours?: number; severity?: AlertSeverity };
export type RuleRecipients = { roles: Role[]; userIds: string[]; sender: boolean };

/** A rule as the browser receives it. */
export type RuleView = {
  id: string;
  name: string;
  kind: NotificationKind;
  params: RuleParams;
  channels: NotificationChannel[];
  recipients: RuleRecipients;
  enabled: boolean;
  isDefault: boolean;
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
