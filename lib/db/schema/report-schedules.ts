import 'server-only';
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../ids';
import { createdAt, inList, ts } from './columns';
import { users, organizationRef } from './access';
import type { NotificationScope } from './notifications';

export const REPORT_FREQUENCIES = ['weekly', 'monthly'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];

/**
 * A report mailed on a schedule: the Reports page's report of the last whole week or month, for a
 * scope (null: every vehicle), to members of the organization (ids of members who left are
 * skipped when it is sent). `nextRunAt` is claimed by a conditional update, so a period's mail goes
 * out once however many instances run the job.
 */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: uuid('id').primaryKey().defaultRandom().$defaultFn(uuidv7),
    organizationId: organizationRef(),
    /** Who scheduled it: the report reads a saved view as this member would. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    frequency: text('frequency', { enum: REPORT_FREQUENCIES }).notNull(),
    scope: jsonb('scope').$type<NotificationScope>(),
    recipientIds: jsonb('recipient_ids').$type<string[]>().notNull(),
    nextRunAt: ts('next_run_at').notNull(),
    lastSentAt: ts('last_sent_at'),
    /** The period key of the last report sent (`2026-11`, `2026-11-16..2026-11-22`). */
    lastPeriodKey: text('last_period_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('report_schedules_org_idx').on(t.organizationId),
    index('report_schedules_due_idx').on(t.nextRunAt),
    check('report_schedules_frequency_valid', sql.raw(inList('frequency', REPORT_FREQUENCIES))),
  ],
);
export type ReportSchedule = typeof reportSchedules.$inferSelect;
