import type { NotificationKind } from './kinds';

/**
 * Outbound webhooks, the browser-safe side: the event types a receiver sees, the retry schedule,
 * when an endpoint is switched off, and the views the console shows.
 */

/** The stable event type of a rule's notification: `notification.<kind>` (a condition that cleared says so in `data.cleared`). */
export const webhookEventType = (kind: NotificationKind): string => `notification.${kind}`;
/** What "Send test event" sends. */
export const TEST_WEBHOOK_EVENT_TYPE = 'webhook.test';

/**
 * What "Rotate secret" warns of, with the operator's WEBHOOK_SECRET_OVERLAP_HOURS (read on the
 * server and passed to the page): how long the current secret keeps signing beside the new one.
 */
export function rotateSecretWarning(overlapHours: number): string {
  if (overlapHours <= 0) {
    return 'Deliveries from now on are signed with the new secret only: the current one stops at once, so give the receiver the new secret first.';
  }
  const span = overlapHours === 1 ? '1 hour' : `${overlapHours} hours`;
  return `Deliveries from now on are signed with the new secret, and for ${span} with the current one too, so the receiver keeps verifying until it has the new one.`;
}

/** Attempts of one delivery before it gives up: the first and seven retries, about 21 hours in all. */
export const MAX_DELIVERY_ATTEMPTS = 8;
const FIRST_RETRY_MS = 10_000;
const BACKOFF_FACTOR = 4;
const MAX_RETRY_MS = 8 * 3_600_000;

/**
 * How long after failed attempt `attempt` (1-based) the next one runs: 10 s, 40 s, 160 s, ~11 min,
 * ~43 min, ~2.8 h, 8 h (capped), plus up to 10 % jitter so endpoints that failed together do not
 * retry in step. Null once the delivery has had all its attempts.
 */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number | null {
  if (attempt >= MAX_DELIVERY_ATTEMPTS) return null;
  const base = Math.min(FIRST_RETRY_MS * BACKOFF_FACTOR ** (attempt - 1), MAX_RETRY_MS);
  return Math.round(base * (1 + 0.1 * random()));
}

/** Sustained failure: this many failed attempts in a row, the first at least this long ago. */
export const DISABLE_AFTER = { failures: 15, periodMs: 24 * 3_600_000 } as const;

export function isSustainedFailure(
  endpoint: { consecutiveFailures: number; failingSince: Date | null },
  now: Date,
  policy: { failures: number; periodMs: number } = DISABLE_AFTER,
): boolean {
  return (
    endpoint.failingSince !== null &&
    endpoint.consecutiveFailures >= policy.failures &&
    now.getTime() - endpoint.failingSince.getTime() >= policy.periodMs
  );
}

/** An endpoint as the console shows it: never its secret. */
export type WebhookEndpointView = {
  id: string;
  url: string;
  description: string;
  enabled: boolean;
  /** Set when the console switched it off after sustained failure. */
  disabledReason: string | null;
  disabledAt: string | null;
  consecutiveFailures: number;
  lastSuccessAt: string | null;
  /** After a rotation: until when deliveries are signed with the previous secret too (null: no overlap running). */
  previousSecretUntil: string | null;
  createdAt: string;
};

/** The answer that carries a secret: creating an endpoint or rotating its secret, the only time it is shown. */
export type WebhookEndpointWithSecret = { endpoint: WebhookEndpointView; secret: string };

export type WebhookAttemptView = {
  attempt: number;
  attemptedAt: string;
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  responseExcerpt: string | null;
};

export type WebhookDeliveryView = {
  id: string;
  eventId: string;
  eventType: string;
  status: 'pending' | 'delivering' | 'succeeded' | 'failed';
  attempts: number;
  lastStatusCode: number | null;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  createdAt: string;
  redeliveryOf: string | null;
  attemptLog: WebhookAttemptView[];
};
