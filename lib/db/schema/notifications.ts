import 'server-only';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../ids';
import { createdAt, inList, ts, updatedAt } from './columns';
import { users, type Role, organizationRef, userRef } from './access';

/** Notifications: the organization's rules, each member's inbox, and the conditions already told. */

export const NOTIFICATION_KINDS = [
  'command_failed',
  'no_data',
  'vehicle_disconnected',
  'alert_severity',
  'bulk_failures',
  'events_stopped',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/** Inbox entries the console writes itself, not through a rule (a webhook endpoint switched off). */
export const SYSTEM_NOTIFICATION_KINDS = ['webhook_disabled'] as const;
export const NOTIFICATION_CHANNELS = ['console', 'email', 'webhook'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** A rule's parameters, by kind; parsed by lib/notifications/schemas on the way in. */
export type NotificationParams = {
  /** command_failed: the command types watched; empty or absent: every command. */
  commands?: string[];
  /** command_failed: also tell when the outcome is unknown (timed out, lost request). */
  includeUnknown?: boolean;
  /** no_data: hours without a report; events_stopped: hours without a pushed event. */
  hours?: number;
  /** alert_severity: the lowest severity told. */
  severity?: string;
};

/** Who receives a rule's notifications: members by role, by id, and the member who sent the command. */
export type NotificationRecipients = { roles: Role[]; userIds: string[]; sender: boolean };

/**
 * Where a rule looks: every vehicle, those with a tag, or those a saved view shows. Null (the
 * column's default) is every vehicle.
 */
export type NotificationScope = { type: 'all' } | { type: 'tag'; key: string; value: string } | { type: 'view'; viewId: string };

export const notificationRules = pgTable(
  'notification_rules',
  {
    id: uuid('id').primaryKey().defaultRandom().$defaultFn(uuidv7),
    organizationId: organizationRef(),
    name: text('name').notNull(),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    params: jsonb('params').$type<NotificationParams>().notNull().default({}),
    channels: jsonb('channels').$type<NotificationChannel[]>().notNull().default(['console']),
    recipients: jsonb('recipients').$type<NotificationRecipients>().notNull(),
    /** The webhook channel's endpoints (lib/db/schema/notification-webhooks.ts); ids of gone endpoints are skipped. */
    webhookEndpointIds: jsonb('webhook_endpoint_ids').$type<string[]>().notNull().default([]),
    enabled: boolean('enabled').notNull().default(true),
    /** Set on the rules every organization starts with (one of each per organization). */
    defaultKey: text('default_key'),
    scope: jsonb('scope').$type<NotificationScope>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('notification_rules_org_idx').on(t.organizationId, t.kind),
    uniqueIndex('notification_rules_org_default_key').on(t.organizationId, t.defaultKey),
    check('notification_rules_kind_valid', sql.raw(inList('kind', NOTIFICATION_KINDS))),
  ],
);
export type NotificationRule = typeof notificationRules.$inferSelect;

/** One member's inbox entry. Titles and bodies are Motorpool's own words with ids, never upstream text. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom().$defaultFn(uuidv7),
    organizationId: organizationRef(),
    userId: userRef(),
    ruleId: uuid('rule_id').references(() => notificationRules.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: [...NOTIFICATION_KINDS, ...SYSTEM_NOTIFICATION_KINDS] }).notNull(),
    /** True when this tells that a condition cleared (the vehicle reports again). */
    cleared: boolean('cleared').notNull().default(false),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    vehicleId: text('vehicle_id'),
    executionId: uuid('execution_id'),
    bulkJobId: uuid('bulk_job_id'),
    /** What the e-mail channel did: sent, failed, or null (not asked, or no SMTP: the inbox only). */
    emailStatus: text('email_status'),
    readAt: ts('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.organizationId, t.userId, t.createdAt.desc()),
    index('notifications_unread_idx')
      .on(t.organizationId, t.userId)
      .where(sql`read_at is null`),
  ],
);
export type Notification = typeof notifications.$inferSelect;

/**
 * The conditions a rule has told, so each is told once until it clears: one row per rule,
 * subject (a vehicle, an execution, a job, or the organization) and condition. `clearedAt` set:
 * the condition is over; it opens again (and is told again) if it comes back.
 */
export const notificationConditions = pgTable(
  'notification_conditions',
  {
    ruleId: uuid('rule_id')
      .notNull()
      .references(() => notificationRules.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    condition: text('condition').notNull(),
    openedAt: ts('opened_at').notNull(),
    clearedAt: ts('cleared_at'),
  },
  (t) => [
    primaryKey({ columns: [t.ruleId, t.subject, t.condition] }),
    index('notification_conditions_open_idx')
      .on(t.ruleId)
      .where(sql`cleared_at is null`),
  ],
);

/** A member who asked for no more e-mail from one rule (the link in every mail). */
export const notificationUnsubscribes = pgTable(
  'notification_unsubscribes',
  {
    ruleId: uuid('rule_id')
      .notNull()
      .references(() => notificationRules.id, { onDelete: 'cascade' }),
    userId: userRef(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.ruleId, t.userId] })],
);

const DIGEST_MODES = ['off', 'hourly', 'daily'] as const;

/**
 * A member's delivery choices for e-mail, the same in every organization: their time zone, quiet
 * hours (local `HH:MM`, start after end spans midnight) and a digest for non-urgent kinds.
 */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  timeZone: text('time_zone').notNull(),
  quietStart: text('quiet_start'),
  quietEnd: text('quiet_end'),
  /** Urgent kinds (failed commands, critical alerts) still mail at once during quiet hours. */
  urgentDuringQuiet: boolean('urgent_during_quiet').notNull().default(true),
  digest: text('digest', { enum: DIGEST_MODES }).notNull().default('off'),
  /** The local hour (0-23) a daily digest is sent. */
  digestHour: integer('digest_hour').notNull().default(8),
  updatedAt: updatedAt(),
});
export type NotificationPreferencesRow = typeof notificationPreferences.$inferSelect;

/**
 * An e-mail held for a member (quiet hours, digest), sent later as one digest mail; the inbox
 * entry was written at once. `sentAt` set: it went out in a digest.
 */
export const notificationHeldMails = pgTable(
  'notification_held_mails',
  {
    id: uuid('id').primaryKey().defaultRandom().$defaultFn(uuidv7),
    organizationId: organizationRef(),
    userId: userRef(),
    ruleId: uuid('rule_id').references(() => notificationRules.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    /** The page it is about, relative to the app's URL. */
    path: text('path').notNull(),
    heldAt: ts('held_at').notNull(),
    sentAt: ts('sent_at'),
  },
  (t) => [
    index('notification_held_mails_pending_idx')
      .on(t.userId, t.heldAt)
      .where(sql`sent_at is null`),
  ],
);
export type NotificationHeldMail = typeof notificationHeldMails.$inferSelect;
