import 'server-only';
import { randomUUID } from 'node:crypto';
import type { Db } from '@/lib/db';
import { listMembers } from '@/lib/db/repos/memberships';
import { insertNotifications } from '@/lib/db/repos/notifications/inbox';
import {
  claimWebhookDelivery,
  disableFailingEndpoint,
  findWebhookEndpoint,
  findWebhookEndpoints,
  finishWebhookAttempt,
  forgetExpiredPreviousSecrets,
  pruneSettledWebhookDeliveries,
  insertWebhookDeliveries,
  listDueWebhookDeliveries,
  recordEndpointFailure,
  recordEndpointSuccess,
  webhookEndpointSigningSecrets,
} from '@/lib/db/repos/notifications/webhooks';
import type { NotificationRule, WebhookDelivery, WebhookEndpoint } from '@/lib/db/schema';
import type { RecurringJob } from '@/lib/jobs';
import { publishChange } from '@/lib/live/server/publish-change';
import { logger } from '@/lib/ops/log';
import { DISABLE_AFTER, isSustainedFailure, retryDelayMs, webhookEventType } from '../webhooks';
import { sendWebhook, type SendOptions } from './webhook-send';
import { wakeWebhookSenders } from './webhook-sender';

/** What a receiver gets: a stable type and id, when it happened, and the notification in Motorpool's words. */
export type WebhookPayload = { type: string; id: string; timestamp: string; data: Record<string, unknown> };

export type WebhookMessage = {
  title: string;
  body: string;
  vehicleId?: string | null;
  executionId?: string | null;
  bulkJobId?: string | null;
  cleared?: boolean;
};

export const newEventId = () => `evt_${randomUUID().replaceAll('-', '')}`;

/** Queues a rule's notification for each of its enabled endpoints (the job sends them). */
export async function enqueueRuleWebhooks(db: Db, rule: NotificationRule, message: WebhookMessage, now = new Date()): Promise<number> {
  const endpoints = (await findWebhookEndpoints(db, rule.organizationId, rule.webhookEndpointIds)).filter((e) => e.enabled);
  if (endpoints.length === 0) return 0;
  const id = newEventId();
  const payload: WebhookPayload = {
    type: webhookEventType(rule.kind),
    id,
    timestamp: now.toISOString(),
    data: {
      rule: { id: rule.id, name: rule.name, kind: rule.kind },
      title: message.title,
      body: message.body,
      cleared: message.cleared ?? false,
      vehicleId: message.vehicleId ?? null,
      executionId: message.executionId ?? null,
      bulkJobId: message.bulkJobId ?? null,
    },
  };
  const rows = await insertWebhookDeliveries(
    db,
    endpoints.map((endpoint) => ({
      organizationId: rule.organizationId,
      endpointId: endpoint.id,
      eventId: id,
      eventType: payload.type,
      payload,
    })),
    now,
  );
  await wakeWebhookSenders();
  return rows.length;
}

/** Queues one event for one endpoint (the test event, a redelivery). */
export async function enqueueWebhook(
  db: Db,
  endpoint: Pick<WebhookEndpoint, 'id' | 'organizationId'>,
  payload: WebhookPayload,
  now = new Date(),
  redeliveryOf: string | null = null,
): Promise<WebhookDelivery> {
  const [row] = await insertWebhookDeliveries(
    db,
    [
      {
        organizationId: endpoint.organizationId,
        endpointId: endpoint.id,
        eventId: payload.id,
        eventType: payload.type,
        payload,
        redeliveryOf,
      },
    ],
    now,
  );
  await wakeWebhookSenders();
  return row;
}

/** A delivery left 'delivering' this long is counted lost (its process died) and sent again. */
const STALE_CLAIM_MS = 2 * 60_000;
/** Deliveries one pass lists at once; a sender that sent a full batch looks again at once. */
export const DELIVERY_BATCH = 25;

export type DeliverOptions = SendOptions & {
  now?: () => Date;
  random?: () => number;
  disableAfter?: { failures: number; periodMs: number };
  signal?: AbortSignal;
};

/** Sends every due delivery (each taken by one process of the cluster), recording each attempt. */
export async function deliverDueWebhooks(db: Db, options: DeliverOptions = {}): Promise<number> {
  const clock = options.now ?? (() => new Date());
  let sent = 0;
  for (const due of await listDueWebhookDeliveries(db, clock(), STALE_CLAIM_MS, DELIVERY_BATCH)) {
    if (options.signal?.aborted) break;
    const claimed = await claimWebhookDelivery(db, due.id, clock(), STALE_CLAIM_MS);
    if (!claimed) continue;
    await attemptDelivery(db, claimed, clock, options);
    sent += 1;
  }
  return sent;
}

async function attemptDelivery(db: Db, delivery: WebhookDelivery, clock: () => Date, options: DeliverOptions): Promise<void> {
  const endpoint = await findWebhookEndpoint(db, delivery.organizationId, delivery.endpointId);
  const at = clock();
  if (!endpoint || !endpoint.enabled) {
    const record = { attempt: delivery.attempts, attemptedAt: at, ok: false, statusCode: null, durationMs: 0, responseExcerpt: null };
    await finishWebhookAttempt(
      db,
      delivery,
      { ...record, error: 'The endpoint is switched off' },
      { status: 'failed', nextAttemptAt: null },
    );
    return;
  }
  const result = await sendWebhook(
    { url: endpoint.url, secrets: webhookEndpointSigningSecrets(endpoint, at) },
    { id: delivery.eventId, body: JSON.stringify(delivery.payload) },
    at,
    options,
  );
  const after = clock();
  const attempt = { attempt: delivery.attempts, attemptedAt: at, ...result };
  if (result.ok) {
    await finishWebhookAttempt(db, delivery, attempt, { status: 'succeeded', nextAttemptAt: null });
    await recordEndpointSuccess(db, endpoint.id, after);
    return;
  }
  const delay = retryDelayMs(delivery.attempts, options.random);
  await finishWebhookAttempt(
    db,
    delivery,
    attempt,
    delay === null ? { status: 'failed', nextAttemptAt: null } : { status: 'pending', nextAttemptAt: new Date(after.getTime() + delay) },
  );
  const failing = await recordEndpointFailure(db, endpoint.id, after);
  if (failing && isSustainedFailure(failing, after, options.disableAfter ?? DISABLE_AFTER)) await disableEndpoint(db, failing, after);
}

/** Switches a failing endpoint off and tells the organization's admins in the console (once, by whoever switched it off). */
async function disableEndpoint(db: Db, endpoint: WebhookEndpoint, now: Date): Promise<void> {
  const reason = `${endpoint.consecutiveFailures} failed attempts in a row since ${endpoint.failingSince?.toISOString() ?? now.toISOString()}`;
  if (!(await disableFailingEndpoint(db, endpoint.id, reason, now))) return;
  logger().warn(
    { event: 'webhooks.endpoint_disabled', endpointId: endpoint.id, organizationId: endpoint.organizationId },
    'webhook endpoint switched off',
  );
  const admins = (await listMembers(db, endpoint.organizationId)).filter((m) => m.role === 'admin');
  await insertNotifications(
    db,
    admins.map((admin) => ({
      organizationId: endpoint.organizationId,
      userId: admin.userId,
      ruleId: null,
      kind: 'webhook_disabled' as const,
      title: `Webhook endpoint ${endpoint.url} switched off`,
      body: `Its deliveries kept failing (${reason}). Fix the receiver, then switch it on again in Settings → Webhook endpoints.`,
    })),
  );
  if (admins.length > 0) await publishChange(endpoint.organizationId, { kind: 'notification' });
}

/** The fallback poll's period: the senders (./webhook-sender.ts) wake on each queued delivery and each due retry. */
export const WEBHOOK_FALLBACK_POLL_MS = 60_000;

/**
 * The deliveries' slow fallback as a background job, for a lost wake signal or a crashed claim
 * (taken again after two minutes): on PostgreSQL the queue the instances share runs each tick once
 * across the cluster; on the embedded database this process's timer. The prompt sending is the
 * senders' (startWebhookSender), each delivery claimed by one process.
 */
export function webhooksDeliverJob(db: () => Db): RecurringJob {
  return {
    name: 'notifications.deliver_webhooks',
    everyMs: WEBHOOK_FALLBACK_POLL_MS,
    expireAfterSeconds: 120,
    run: async (signal) => {
      await deliverDueWebhooks(db(), { signal });
    },
  };
}

/**
 * The outbound side's retention, run by the hourly prune: deliveries that succeeded or gave up more
 * than `retentionDays` ago (their attempts with them), and previous signing secrets whose overlap
 * is over.
 */
export async function pruneOutboundWebhooks(
  db: Db,
  now: Date,
  retentionDays: number,
): Promise<{ deliveries: number; previousSecrets: number }> {
  const deliveries = await pruneSettledWebhookDeliveries(db, new Date(now.getTime() - retentionDays * 24 * 3_600_000));
  const previousSecrets = await forgetExpiredPreviousSecrets(db, now);
  if (deliveries > 0 || previousSecrets > 0) {
    logger().info({ event: 'webhooks.pruned', deliveries, previousSecrets }, 'outbound webhooks pruned');
  }
  return { deliveries, previousSecrets };
}
