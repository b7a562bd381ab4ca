import 'server-only';
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../ids';
import { inList, ts, updatedAt } from './columns';
import { users, organizationRef } from './access';

/** Remote commands: what members sent (and what other clients sent, seen upstream), and commands a service does not offer. */

export const LOCAL_COMMAND_STATUSES = ['REQUESTING', 'SENT', 'UNKNOWN', 'REJECTED'] as const;
export type LocalCommandStatus = (typeof LOCAL_COMMAND_STATUSES)[number];
export const COMMAND_STATUSES = ['PENDING', 'EXECUTED', 'FAILED'] as const;
export type CommandStatus = (typeof COMMAND_STATUSES)[number];
/** Who sent a command: a member through Motorpool, or another client of the service (seen in its list of executions). */
export const COMMAND_ORIGINS = ['motorpool', 'external'] as const;
export type CommandOrigin = (typeof COMMAND_ORIGINS)[number];
/** What the vehicle's own data said about an executed command's effect. */
export const COMMAND_CONFIRMATIONS = ['confirmed', 'not_seen', 'not_reported'] as const;
export type CommandConfirmation = (typeof COMMAND_CONFIRMATIONS)[number];

export const commandExecutions = pgTable(
  'command_executions',
  {
    id: uuid('id').primaryKey().defaultRandom().$defaultFn(uuidv7),
    organizationId: organizationRef(),
    vehicleId: text('vehicle_id').notNull(),
    command: text('command').notNull(),
    arguments: jsonb('arguments').$type<Record<string, unknown> | null>(),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    localStatus: text('local_status', { enum: LOCAL_COMMAND_STATUSES }).notNull().default('REQUESTING'),
    upstreamExecutionId: text('upstream_execution_id'),
    status: text('status', { enum: COMMAND_STATUSES }),
    failedReason: text('failed_reason'),
    errorCode: text('error_code'),
    upstreamRequestId: text('upstream_request_id'),
    requestedAt: ts('requested_at').notNull().defaultNow(),
    executedAt: ts('executed_at'),
    /** The upstream's `executedAt` exactly as it came when it is not a date (kept and shown, never a failure). */
    executedAtRaw: text('executed_at_raw'),
    /** Made by the browser for one intended command: a repeat with the same key answers this record. */
    idempotencyKey: text('idempotency_key'),
    settledAt: ts('settled_at'),
    updatedAt: updatedAt(),
    origin: text('origin', { enum: COMMAND_ORIGINS }).notNull().default('motorpool'),
    /**
     * When an instance last claimed the right to ask the upstream about this execution: a
     * conditional update only one caller wins per second, on one instance or several.
     */
    statusCheckedAt: ts('status_checked_at'),
    /** Read once, a little after EXECUTED, from the vehicle's telemetry (commands whose effect it shows). */
    confirmation: text('confirmation', { enum: COMMAND_CONFIRMATIONS }),
    /** The time of the vehicle's data that showed the effect. */
    confirmedAt: ts('confirmed_at'),
    /** Claimed by the instance that reads the telemetry: once per execution. */
    confirmationCheckedAt: ts('confirmation_checked_at'),
    /** When a `command.updated` event last told about this execution: the settler leaves it alone for a while. */
    eventAt: ts('event_at'),
  },
  (t) => [
    index('command_executions_org_requested_idx').on(t.organizationId, t.requestedAt.desc(), t.id.desc()),
    index('command_executions_org_vehicle_idx').on(t.organizationId, t.vehicleId, t.requestedAt.desc()),
    index('command_executions_org_upstream_idx').on(t.organizationId, t.upstreamExecutionId),
    index('command_executions_local_status_idx').on(t.localStatus),
    uniqueIndex('command_executions_org_idempotency_key').on(t.organizationId, t.idempotencyKey),
    check('command_executions_local_status_valid', sql.raw(inList('local_status', LOCAL_COMMAND_STATUSES))),
    check('command_executions_status_valid', sql.raw(`status is null or ${inList('status', COMMAND_STATUSES)}`)),
    check('command_executions_origin_valid', sql.raw(inList('origin', COMMAND_ORIGINS))),
    check('command_executions_confirmation_valid', sql.raw(`confirmation is null or ${inList('confirmation', COMMAND_CONFIRMATIONS)}`)),
    // An execution sent by another client is imported once, however many instances see it.
    uniqueIndex('command_executions_org_external_upstream')
      .on(t.organizationId, t.upstreamExecutionId)
      .where(sql`origin = 'external'`),
    // What the settler looks at: records not settled yet.
    index('command_executions_open_idx')
      .on(t.requestedAt)
      .where(sql`settled_at is null`),
  ],
);

/**
 * Commands the organization's service answered with a framework 404 (no such path): it does not
 * offer them. Remembered so the command panel says so before the next press; a later success forgets.
 */
export const unofferedCommands = pgTable(
  'unoffered_commands',
  {
    organizationId: organizationRef(),
    command: text('command').notNull(),
    /** The vehicle of the press that learned it, and the upstream request id, for a support ticket. */
    vehicleId: text('vehicle_id').notNull(),
    upstreamRequestId: text('upstream_request_id'),
    learnedAt: ts('learned_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.command] })],
);
export type CommandExecution = typeof commandExecutions.$inferSelect;
export type NewCommandExecution = typeof commandExecutions.$inferInsert;
export type UnofferedCommand = typeof unofferedCommands.$inferSelect;
