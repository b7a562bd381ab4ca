import 'server-only';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../ids';
import { createdAt, inList, ts, updatedAt } from './columns';
import { organizationRef } from './access';

/** Outbound webhooks: the organization's endpoints, each delivery of an event to one, and each attempt. */

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivering', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom().$defaultFn(uuidv7),
    organizationId: organizationRef(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    /** The Standard Webhooks signing secret (`whsec_…`), sealed by the secret box. */
    secretEncrypted: text('secret_encrypted').notNull(),
    /**
     * The secret before the last rotation, sealed the same way: deliveries are signed with both
     * until `previousSecretExpiresAt`, so receivers can switch without losing one; then forgotten.
     */
    previousSecretEncrypted: text('previous_secret_encrypted'),
    previousSecretExpiresAt: ts('previous_secret_expires_at'),
    enabled: boolean('enabled').notNull().default(true),
    /** Why the console switched it off (sustained failure); null when a person did, or it is on. */
    disabledReason: text('disabled_reason'),
    disabledAt: ts('disabled_at'),
    /** Failed attempts since the last success, and when that run of failures began. */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    failingSince: ts('failing_since'),
    lastSuccessAt: ts('last_success_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhook_endpoints_org_idx').on(t.organizationId, t.createdAt)],
);
export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;

/** One event for one endpoint: its stable id (the `webhook-id` header) and payload, retried until it succeeds or gives up. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom().$defaultFn(uuidv7),
    organizationId: organizationRef(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The event's id, the same on every attempt and on a redelivery (receivers deduplicate on it). */
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at'),
    /** Taken by the process sending it; an old claim (a crash) is taken again. */
    claimedAt: ts('claimed_at'),
    lastAttemptAt: ts('last_attempt_at'),
    lastStatusCode: integer('last_status_code'),
    /** The delivery this one sends again (a person's "redeliver"). */
    redeliveryOf: uuid('redelivery_of'),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt.desc()),
    // The retention prune: settled deliveries by age.
    index('webhook_deliveries_created_idx').on(t.createdAt),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status in ('pending', 'delivering')`),
    check('webhook_deliveries_status_valid', sql.raw(inList('status', WEBHOOK_DELIVERY_STATUSES))),
  ],
);
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;

/** Each attempt of a delivery: what the receiver answered (a short excerpt, never more) and how long it took. */
export const webhookDeliveryAttempts = pgTable(
  'webhook_delivery_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom().$defaultFn(uuidv7),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    attemptedAt: ts('attempted_at').notNull(),
    ok: boolean('ok').notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    /** Our words when no answer came (refused address, timeout, connection error). */
    error: text('error'),
    responseExcerpt: text('response_excerpt'),
  },
  (t) => [index('webhook_delivery_attempts_delivery_idx').on(t.deliveryId, t.attempt)],
);
export type WebhookDeliveryAttempt = typeof webhookDeliveryAttempts.$inferSelect;
