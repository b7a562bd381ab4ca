import * as z from '@/lib/validations/zod';
import { ROLES } from '@/lib/auth/permissions';
import { COMMAND_NAMES } from '@/lib/contract/vehicle-api';
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

const ruleFields = {
  name: z.string().check(z.trim(), z.minLength(1, 'Enter a name'), z.maxLength(80, 'A rule name has at most 80 characters')),
  kind: z.enum(NOTIFICATION_KINDS, 'Choose what the rule watches'),
  params: ruleParamsSchema,
  channels: z
    .array(z.enum(NOTIFICATION_CHANNELS, 'Not a channel'))
    .check(z.minLength(1, 'Choose at least one channel'), z.maxLength(NOTIFICATION_CHANNELS.length)),
  recipients: recipientsSchema,
  enabled: z.boolean(),
};

/** A whole rule, as the form sends it: someone to tell, and "the sender" only where the event has one. */
export const ruleInputSchema = z.object(ruleFields).check(
  z.refine((rule) => rule.recipients.sender || rule.recipients.roles.length > 0 || rule.recipients.userIds.length > 0, {
    message: 'Choose who receives it',
    path: ['recipients'],
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
