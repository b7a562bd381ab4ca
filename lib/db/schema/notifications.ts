import 'server-only';
import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../ids';
import { createdAt, inList, ts, updatedAt } from './columns';
import { organizations, users, type Role } from './access';

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
export const NOTIFICATION_CHANNELS = ['console', 'email'] as const;
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

export const notificationRules = pgTable(
  'notification_rules',
  {
    id: uuid('id').primaryKey().defaultRandom().$defaultFn(uuidv7),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    params: jsonb('params').$type<NotificationParams>().notNull().default({}),
    channels: jsonb('channels').$type<NotificationChannel[]>().notNull().default(['console']),
    recipients: jsonb('recipients').$type<NotificationRecipients>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Set on the rules every organization starts with (one of each per organization). */
    defaultKey: text('default_key'),
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
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ruleId: uuid('rule_id').references(() => notificationRules.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
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
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.ruleId, t.userId] })],
);
