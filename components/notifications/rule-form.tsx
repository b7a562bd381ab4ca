'use client';

import { useState, type FormEvent } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { Field, FormSubmit, SelectField, FormError } from '@/components/ui/field';
import { ROLES } from '@/lib/auth/permissions';
import { COMMAND_CATALOG } from '@/lib/commands/catalog';
import {
  ALERT_SEVERITIES,
  CHANNEL_LABELS,
  KIND_LABELS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  SCOPED_KINDS,
  type RuleView,
} from '@/lib/notifications/kinds';
import { KINDS_WITH_SENDER, ruleInputSchema, type RuleInput } from '@/lib/notifications/schemas';
import type { MemberView } from '@/lib/members/query';
import type { SavedViewView } from '@/lib/views/saved-views';
import { RuleScopeFields } from './rule-scope-fields';
import type { WebhookEndpointView } from '@/lib/notifications/webhooks';

const EMPTY: RuleInput = {
  name: '',
  kind: 'command_failed',
  params: { includeUnknown: true },
  channels: ['console'],
  recipients: { roles: [], userIds: [], sender: true },
  enabled: true,
};

const toggle = <T,>(list: readonly T[], value: T, on: boolean): T[] =>
  on ? [...new Set([...list, value])] : list.filter((v) => v !== value);

/** What each kind's parameters start at when the kind is chosen. */
const PARAMS_OF_KIND: Record<RuleInput['kind'], RuleInput['params']> = {
  command_failed: { includeUnknown: true },
  no_data: { hours: 24 },
  vehicle_disconnected: {},
  alert_severity: { severity: 'CRITICAL' },
  bulk_failures: {},
  events_stopped: { hours: 1 },
};

/** The form of one rule (new or edited): what it watches, with its parameters, the channels, and who receives it. */
export function RuleForm({
  id,
  rule,
  members,
  views,
  endpoints = [],
  pending,
  failure,
  onSubmit,
}: {
  id: string;
  rule?: RuleView;
  members: MemberView[];
  views: SavedViewView[];
  /** The organization's webhook endpoints, for the webhook channel. */
  endpoints?: WebhookEndpointView[];
  pending: boolean;
  failure: string | null;
  onSubmit: (input: RuleInput) => void;
}) {
  const [value, setValue] = useState<RuleInput>(() =>
    rule
      ? {
          name: rule.name,
          kind: rule.kind,
          params: rule.params,
          channels: rule.channels,
          recipients: rule.recipients,
          webhookEndpointIds: rule.webhookEndpointIds,
          enabled: rule.enabled,
          scope: rule.scope,
        }
      : EMPTY,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (changes: Partial<RuleInput>) => setValue((current) => ({ ...current, ...changes }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ruleInputSchema.safeParse(value);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.slice(0, 2).join('.'), issue.message])));
      return;
    }
    setErrors({});
    onSubmit(parsed.data);
  };
  const withSender = KINDS_WITH_SENDER.includes(value.kind);
  const hoursError = errors['params.hours'];
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={rule ? `Edit ${rule.name}` : 'New rule'}>
      <Field
        id={`${id}-name`}
        label="Name"
        value={value.name}
        error={errors.name}
        maxLength={80}
        onChange={(e) => set({ name: e.target.value })}
      />
      <SelectField
        id={`${id}-kind`}
        label="When"
        value={value.kind}
        onChange={(e) => {
          const kind = e.target.value as RuleInput['kind'];
          set({
            kind,
            params: PARAMS_OF_KIND[kind],
            recipients: { ...value.recipients, sender: KINDS_WITH_SENDER.includes(kind) && value.recipients.sender },
          });
        }}
      >
        {NOTIFICATION_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {KIND_LABELS[kind]}
          </option>
        ))}
      </SelectField>
      {value.kind === 'no_data' || value.kind === 'events_stopped' ? (
        <Field
          id={`${id}-hours`}
          label="Hours"
          type="number"
          min={1}
          max={720}
          value={value.params.hours ?? ''}
          error={hoursError}
          onChange={(e) => set({ params: { ...value.params, hours: e.target.value === '' ? undefined : Number(e.target.value) } })}
        />
      ) : null}
      {value.kind === 'alert_severity' ? (
        <SelectField
          id={`${id}-severity`}
          label="Severity at least"
          value={value.params.severity ?? 'CRITICAL'}
          onChange={(e) => set({ params: { severity: e.target.value as (typeof ALERT_SEVERITIES)[number] } })}
        >
          {ALERT_SEVERITIES.map((severity) => (
            <option key={severity}>{severity}</option>
          ))}
        </SelectField>
      ) : null}
      {value.kind === 'command_failed' ? (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Commands (none chosen: every command)</legend>
          <Checkbox
            block
            label="Also when the outcome is unknown"
            checked={value.params.includeUnknown ?? false}
            onCheckedChange={(on) => set({ params: { ...value.params, includeUnknown: on } })}
          />
          <div className="grid gap-1 sm:grid-cols-2">
            {Object.entries(COMMAND_CATALOG).map(([name, info]) => (
              <Checkbox
                key={name}
                label={info.label}
                checked={value.params.commands?.includes(name) ?? false}
                onCheckedChange={(on) => set({ params: { ...value.params, commands: toggle(value.params.commands ?? [], name, on) } })}
              />
            ))}
          </div>
        </fieldset>
      ) : null}
      {SCOPED_KINDS.includes(value.kind) ? (
        <RuleScopeFields
          id={id}
          scope={value.scope ?? { type: 'all' }}
          views={views}
          errors={errors}
          onChange={(scope) => set({ scope })}
        />
      ) : null}
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium">Channels</legend>
        {NOTIFICATION_CHANNELS.map((channel) => (
          <Checkbox
            key={channel}
            block
            label={CHANNEL_LABELS[channel]}
            checked={value.channels.includes(channel)}
            onCheckedChange={(on) => set({ channels: toggle(value.channels, channel, on) })}
          />
        ))}
        <FormError announce={false}>{errors.channels}</FormError>
      </fieldset>
      {value.channels.includes('webhook') ? (
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium">Webhook endpoints</legend>
          {endpoints.length === 0 ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">None yet: an admin adds them in Settings.</p>
          ) : null}
          {endpoints.map((endpoint) => (
            <Checkbox
              key={endpoint.id}
              block
              label={<span className="font-mono text-xs break-all">{endpoint.description || endpoint.url}</span>}
              checked={value.webhookEndpointIds?.includes(endpoint.id) ?? false}
              onCheckedChange={(on) => set({ webhookEndpointIds: toggle(value.webhookEndpointIds ?? [], endpoint.id, on) })}
            />
          ))}
          <FormError announce={false}>{errors.webhookEndpointIds}</FormError>
        </fieldset>
      ) : null}
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium">Who receives it</legend>
        {withSender ? (
          <Checkbox
            block
            label="The member who sent it"
            checked={value.recipients.sender}
            onCheckedChange={(on) => set({ recipients: { ...value.recipients, sender: on } })}
          />
        ) : null}
        {ROLES.map((role) => (
          <Checkbox
            key={role}
            block
            label={`Every ${role}`}
            checked={value.recipients.roles.includes(role)}
            onCheckedChange={(on) => set({ recipients: { ...value.recipients, roles: toggle(value.recipients.roles, role, on) } })}
          />
        ))}
        {members.length > 0 ? (
          <details className="pt-1">
            <summary className="cursor-pointer text-sm">Members by name ({value.recipients.userIds.length} chosen)</summary>
            <div className="mt-1 grid gap-1 sm:grid-cols-2">
              {members.map((member) => (
                <Checkbox
                  key={member.userId}
                  label={member.name || member.email}
                  checked={value.recipients.userIds.includes(member.userId)}
                  onCheckedChange={(on) =>
                    set({ recipients: { ...value.recipients, userIds: toggle(value.recipients.userIds, member.userId, on) } })
                  }
                />
              ))}
            </div>
          </details>
        ) : null}
        <FormError announce={false}>{errors.recipients ?? errors['recipients.sender']}</FormError>
      </fieldset>
      <Checkbox block label="On" checked={value.enabled} onCheckedChange={(on) => set({ enabled: on })} />
      <FormSubmit failure={failure} pending={pending}>
        {rule ? 'Save rule' : 'Add rule'}
      </FormSubmit>
    </form>
  );
}
