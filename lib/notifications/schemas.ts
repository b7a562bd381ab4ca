import * as z from '@/lib/validations/zod';
import { ROLES } from '@/lib/auth/permissions';
import { COMMAND_NAMES, TAG_LIMIT } from '@/lib/contract/vehicle-api';
import { DIGEST_MODES } from './delivery-timing';
import { ALERT_SEVERITIES, NOTIFICATION_CHANNELS, NOTIFICATION_KINDS } from './kinds';

/** The kinds whose event has a member behind it (who sent the command, who started the job). */
export const KINDS_WITH_SENDER: readonly string[] = ['command_failed', 'bulk_failures'];

const ruleParamsSchema = z.strictObject({
  commands: z.optional(z.array(z.enum(COMMAND_NAMES as [string, ...string[]], 'Not a command')).check(z.maxLength(COMMAND_NAMES.length))),
  includeUnknown: z.optional(z.boolean()),
  hours: z.optional(
    z
      .number('Enter a number of hours')
      .check(z.int('Enter whole hours'), z.minimum(1, 'At least 1 hour'), z.maximum(720, 'At most 720 hours (30 days)')),
  ),
  severity: z.optional(z.enum(ALERT_SEVERITIES, 'Choose a severity')),
});

const recipientsSchema = z.strictObject({
  roles: z.array(z.enum(ROLES, 'Not a role')).check(z.maxLength(ROLES.length)),
  userIds: z.array(z.uuid('Not a member')).check(z.maxLength(50, 'At most 50 members by name')),
  sender: z.boolean(),
});

const scopeText = (what: string) =>
  z
    .string()
    .check(z.trim(), z.minLength(1, `Enter the tag ${what}`), z.maxLength(TAG_LIMIT, `A tag ${what} has at most ${TAG_LIMIT} characters`));

/** Where the rule looks; absent: every vehicle. */
const scopeSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('all') }),
  z.strictObject({ type: z.literal('tag'), key: scopeText('key'), value: scopeText('value') }),
  z.strictObject({ type: z.literal('view'), viewId: z.uuid('Choose a saved view') }),
]);

const ruleFields = {
  name: z.string().check(z.trim(), z.minLength(1, 'Enter a name'), z.maxLength(80, 'A rule name has at most 80 characters')),
  kind: z.enum(NOTIFICATION_KINDS, 'Choose what the rule watches'),
  params: ruleParamsSchema,
  channels: z
    .array(z.enum(NOTIFICATION_CHANNELS, 'Not a channel'))
    .check(z.minLength(1, 'Choose at least one channel'), z.maxLength(NOTIFICATION_CHANNELS.length)),
  recipients: recipientsSchema,
  /** The webhook channel's endpoints (Settings → Webhook endpoints). */
  webhookEndpointIds: z.optional(z.array(z.uuid('Not an endpoint')).check(z.maxLength(10, 'At most 10 endpoints'))),
  enabled: z.boolean(),
  scope: z.optional(scopeSchema),
};

const onlyWebhook = (channels: readonly string[]) => channels.length > 0 && channels.every((c) => c === 'webhook');

/** A whole rule, as the form sends it: someone to tell, and "the sender" only where the event has one. */
export const ruleInputSchema = z.object(ruleFields).check(
  z.refine(
    (rule) =>
      onlyWebhook(rule.channels) || rule.recipients.sender || rule.recipients.roles.length > 0 || rule.recipients.userIds.length > 0,
    {
      message: 'Choose who receives it',
      path: ['recipients'],
    },
  ),
  z.refine((rule) => !rule.channels.includes('webhook') || (rule.webhookEndpointIds?.length ?? 0) > 0, {
    message: 'Choose at least one endpoint',
    path: ['webhookEndpointIds'],
  }),
  z.refine((rule) => !rule.recipients.sender || KINDS_WITH_SENDER.includes(rule.kind), {
    message: 'Only commands and bulk jobs have a member who sent them',
    path: ['recipients', 'sender'],
  }),
);
export type RuleInput = z.infer<typeof ruleInputSchema>;

/** Switching a rule on or off without sending the rest. */
export const ruleToggleSchema = z.strictObject({ enabled: z.boolean() });

export const ruleParamsRouteSchema = z.object({ org: z.string(), ruleId: z.uuid({ message: 'Not a valid rule id' }) });

/** Mark these entries read, or every unread one. */
export const markReadSchema = z.union([
  z.strictObject({ ids: z.array(z.uuid('Not a notification id')).check(z.minLength(1), z.maxLength(100)) }),
  z.strictObject({ all: z.literal(true) }),
]);
export type MarkReadInput = z.infer<typeof markReadSchema>;

/** A page of the inbox: unread only or all, after a cursor. */
export const inboxQuerySchema = z.object({
  unread: z.optional(z.enum(['1', '0'])),
  cursor: z.optional(z.string().check(z.maxLength(200))),
});

/** A time zone the runtime knows (`Europe/Berlin`). */
function knownTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const localTime = (what: string) => z.nullable(z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, `Enter the ${what} as HH:MM`)));

/** A member's e-mail delivery: time zone, quiet hours (both times or neither), digest for non-urgent kinds. */
export const deliveryPreferencesSchema = z
  .strictObject({
    timeZone: z
      .string()
      .check(
        z.minLength(1, 'Choose a time zone'),
        z.maxLength(64, 'Not a known time zone'),
        z.refine(knownTimeZone, 'Not a known time zone'),
      ),
    quietStart: localTime('start'),
    quietEnd: localTime('end'),
    urgentDuringQuiet: z.boolean(),
    digest: z.enum(DIGEST_MODES, 'Choose how often'),
    digestHour: z.number('Choose an hour').check(z.int('Choose an hour'), z.minimum(0, 'Choose an hour'), z.maximum(23, 'Choose an hour')),
  })
  .check(
    z.refine((p) => (p.quietStart === null) === (p.quietEnd === null), { message: 'Enter both times, or neither', path: ['quietEnd'] }),
    z.refine((p) => p.quietStart === null || p.quietStart !== p.quietEnd, {
      message: 'The end must differ from the start',
      path: ['quietEnd'],
    }),
  );
export type DeliveryPreferencesInput = z.infer<typeof deliveryPreferencesSchema>;
