import 'server-only';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../ids';
import { createdAt, inList, ts, updatedAt } from './columns';
import { users, organizationRef } from './access';

export const BULK_ACTIONS = ['tag.add', 'tag.remove', 'listening.on', 'listening.off', 'command'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
export const BULK_JOB_STATUSES = ['running', 'paused', 'cancelled', 'done'] as const;
export type BulkJobStatus = (typeof BULK_JOB_STATUSES)[number];
export const BULK_ITEM_OUTCOMES = ['pending', 'done', 'skipped', 'failed'] as const;
export type BulkItemOutcome = (typeof BULK_ITEM_OUTCOMES)[number];

/**
 * A bulk action over many vehicles, recorded with every vehicle it covers before any is touched.
 * A background job works through it under a lease (`leaseUntil`), so a restarted server resumes
 * it where it stopped; an item's outcome is written once (pending -> done / skipped / failed).
 */
export const bulkJobs = pgTable(
  'bulk_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom().$defaultFn(uuidv7),
    organizationId: organizationRef(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Kept as text for the per-vehicle audit entries, written after the request is gone. */
    createdByEmail: text('created_by_email'),
    action: text('action', { enum: BULK_ACTIONS }).notNull(),
    /** The tag of tag actions; `{ command, args }` of a command. */
    args: jsonb('args').$type<Record<string, unknown> | null>(),
    /** How the vehicles were chosen, as the person saw it: a page, or a filter. */
    selection: jsonb('selection').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: BULK_JOB_STATUSES }).notNull().default('running'),
    total: integer('total').notNull(),
    leaseOwner: text('lease_owner'),
    leaseUntil: ts('lease_until'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('bulk_jobs_org_created_idx').on(t.organizationId, t.createdAt.desc()),
    index('bulk_jobs_open_idx')
      .on(t.leaseUntil)
      .where(sql`status = 'running'`),
    check('bulk_jobs_action_valid', sql.raw(inList('action', BULK_ACTIONS))),
    check('bulk_jobs_status_valid', sql.raw(inList('status', BULK_JOB_STATUSES))),
  ],
);

export const bulkJobItems = pgTable(
  'bulk_job_items',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => bulkJobs.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    vehicleId: text('vehicle_id').notNull(),
    outcome: text('outcome', { enum: BULK_ITEM_OUTCOMES }).notNull().default('pending'),
    reason: text('reason'),
    upstreamRequestId: text('upstream_request_id'),
    /** A command's execution record: the item follows its status until it is decided. */
    executionId: uuid('execution_id'),
    /**
     * Sends refused for certain before reaching the vehicle (breaker open, 429): each new attempt
     * gets a new idempotency key; an attempt whose fate is unknown is never repeated.
     */
    attempts: integer('attempts').notNull().default(0),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    primaryKey({ columns: [t.jobId, t.vehicleId] }),
    index('bulk_job_items_job_position_idx').on(t.jobId, t.position),
    check('bulk_job_items_outcome_valid', sql.raw(inList('outcome', BULK_ITEM_OUTCOMES))),
  ],
);

export type BulkJob = typeof bulkJobs.$inferSelect;
export type BulkJobItem = typeof bulkJobItems.$inferSelect;
