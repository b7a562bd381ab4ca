import 'server-only';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../ids';
import { inList, ts } from './columns';
import { organizationRef } from './access';

export const WEBHOOK_EVENT_OUTCOMES = ['applied', 'recorded', 'ignored', 'invalid', 'failed'] as const;
export type WebhookEventOutcome = (typeof WEBHOOK_EVENT_OUTCOMES)[number];

/**
 * Events the Vehicle API pushed (webhooks), recorded before they are applied. The unique
 * `(organization, webhook-id)` makes delivery idempotent and refuses replays; rows are pruned
 * after a bounded time (lib/webhooks/server/retention.ts), far longer than the five-minute
 * tolerance window a replay would have to fall in.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid('id').primaryKey().defaultRandom().$defaultFn(uuidv7),
    organizationId: organizationRef(),
    /** The sender's `webhook-id` header. */
    webhookId: text('webhook_id').notNull(),
    /** The sender's `webhook-timestamp` header: a retry by the sender is signed again with a new one. */
    webhookTimestamp: ts('webhook_timestamp').notNull(),
    type: text('type').notNull(),
    /** The vehicle the event is about, when its payload names one. */
    vehicleId: text('vehicle_id'),
    /** The envelope's own `timestamp`, when it parses. */
    occurredAt: ts('occurred_at'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
    /** Taken by the process applying it; an old claim (a crash) is taken again by the apply job. */
    claimedAt: ts('claimed_at'),
    attempts: integer('attempts').notNull().default(0),
    appliedAt: ts('applied_at'),
    outcome: text('outcome', { enum: WEBHOOK_EVENT_OUTCOMES }),
    /** Why an event was ignored or invalid, in our words. */
    detail: text('detail'),
  },
  (t) => [
    uniqueIndex('webhook_events_org_webhook_id_key').on(t.organizationId, t.webhookId),
    index('webhook_events_org_received_idx').on(t.organizationId, t.receivedAt.desc()),
    index('webhook_events_org_vehicle_idx').on(t.organizationId, t.vehicleId, t.receivedAt.desc()),
    index('webhook_events_received_idx').on(t.receivedAt),
    index('webhook_events_unapplied_idx')
      .on(t.receivedAt)
      .where(sql`applied_at is null`),
    check('webhook_events_outcome_valid', sql.raw(`outcome is null or ${inList('outcome', WEBHOOK_EVENT_OUTCOMES)}`)),
  ],
);
export type WebhookEvent = typeof webhookEvents.$inferSelect;
