import 'server-only';
import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, inList } from './columns';

export const AUDIT_OUTCOMES = ['success', 'failure'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/**
 * Append-only: no code path updates or deletes a row, and a trigger (migration
 * 0002_audit_append_only) refuses UPDATE and DELETE in the database itself. Hence no foreign
 * keys: an entry keeps the ids of an organization or user deleted since, as history should.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: uuid('organization_id'),
    actorUserId: uuid('actor_user_id'),
    /** Kept as text so the entry still names the actor after the user is gone. */
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    outcome: text('outcome', { enum: AUDIT_OUTCOMES }).notNull(),
    upstreamRequestId: text('upstream_request_id'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_events_org_created_idx').on(t.organizationId, t.createdAt.desc(), t.id.desc()),
    index('audit_events_org_actor_idx').on(t.organizationId, t.actorEmail, t.createdAt.desc()),
    index('audit_events_org_action_idx').on(t.organizationId, t.action, t.createdAt.desc()),
    index('audit_events_org_target_idx').on(t.organizationId, t.targetType, t.targetId, t.createdAt.desc()),
    index('audit_events_actor_user_idx').on(t.actorUserId, t.createdAt.desc()),
    check('audit_events_outcome_valid', sql.raw(inList('outcome', AUDIT_OUTCOMES))),
  ],
);
export type AuditEvent = typeof auditEvents.$inferSelect;
export type NewAuditEvent = typeof auditEvents.$inferInsert;
