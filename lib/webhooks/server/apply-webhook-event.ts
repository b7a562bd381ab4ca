import 'server-only';
import type { Db } from '@/lib/db';
import { claimWebhookEvent, finishWebhookEvent, listUnappliedWebhookEvents, pruneWebhookEvents } from '@/lib/db/repos/webhook-events';
import { forgetSharedReads } from '@/lib/db/repos/shared-reads';
import type { WebhookEvent, WebhookEventOutcome } from '@/lib/db/schema';
import { applyPushedAlert } from '@/lib/alerts/server/apply-pushed-alert';
import { applyCommandEvent } from '@/lib/commands/server/apply-command-event';
import {
  applyPushedBudget,
  applyPushedConnection,
  applyPushedTelemetry,
  type PushedOutcome,
} from '@/lib/snapshot/server/apply-pushed-readings';
import { publishChange } from '@/lib/live/server/publish-change';
import { logger } from '@/lib/ops/log';
import { platformAlertSchema } from '@/lib/vehicle-api/schemas';
import { TEST_EVENT_TYPE } from '../webhook-events';
import { eventTime, validDate } from './event-time';
import {
  alertUpdatedSchema,
  commandUpdatedSchema,
  deviceConnectionSchema,
  deviceTelemetrySchema,
  envelopeSchema,
  rateLimitUpdatedSchema,
} from './webhook-payloads';

/** A claim older than this was left by a crash (or a failed apply) and is taken again by the apply job. */
export const APPLY_CLAIM_STALE_MS = 15_000;
/** An event that failed this many applies is given up as `failed` (it stays visible until pruned). */
const MAX_ATTEMPTS = 5;
/** Events are kept seven days: long enough for support to read them, far beyond the five-minute replay window. */
export const WEBHOOK_EVENTS_KEPT_MS = 7 * 24 * 60 * 60_000;

type Applied = { outcome: WebhookEventOutcome; detail?: string } | { retry: string };

/**
 * Each event type is parsed here and applied by the domain that owns what it changes (commands,
 * the fleet snapshot, alerts); this file only maps their answers to the event's outcome.
 */
async function applyCommandUpdated(db: Db, event: WebhookEvent, data: unknown, now: Date): Promise<Applied> {
  const parsed = commandUpdatedSchema.safeParse(data);
  if (!parsed.success) return { outcome: 'invalid', detail: 'command.updated without id, deviceId or status' };
  const result = await applyCommandEvent(db, event.organizationId, parsed.data, now);
  if (result === 'unknown') return { retry: 'No command execution with this id (yet).' };
  return result === 'settled' ? { outcome: 'ignored', detail: 'The execution had already settled.' } : { outcome: 'applied' };
}

const NOT_IN_SNAPSHOT: Applied = { outcome: 'recorded', detail: 'The vehicle is not in the fleet snapshot (yet).' };
const stored = (known: boolean): Applied => (known ? { outcome: 'applied' } : NOT_IN_SNAPSHOT);

/** `device.connected` / `device.disconnected`: at the event's timestamp (else its arrival); onboarding reads the event itself. */
async function applyConnectionEvent(
  db: Db,
  event: WebhookEvent,
  type: 'device.connected' | 'device.disconnected',
  data: unknown,
): Promise<Applied> {
  const parsed = deviceConnectionSchema.safeParse(data);
  if (!parsed.success) return { outcome: 'invalid', detail: `${type} without id` };
  const state = type === 'device.connected' ? 'CONNECTED' : 'DISCONNECTED';
  return stored(await applyPushedConnection(db, event.organizationId, parsed.data.id, state, eventTime(event)));
}

/** `device.telemetry`: the metric's figure, at the event's own timestamp. */
async function applyTelemetryEvent(db: Db, event: WebhookEvent, data: unknown): Promise<Applied> {
  const parsed = deviceTelemetrySchema.safeParse(data);
  if (!parsed.success) return { outcome: 'invalid', detail: 'device.telemetry without metricType or vehicle' };
  const at = validDate(parsed.data.timestamp) ?? event.occurredAt;
  if (!at) return { outcome: 'ignored', detail: 'device.telemetry without a timestamp.' };
  const result: PushedOutcome = await applyPushedTelemetry(db, event.organizationId, { ...parsed.data, at, receivedAt: event.receivedAt });
  if ('skipped' in result) return { outcome: 'ignored', detail: `device.telemetry: ${result.skipped}` };
  return result.stored ? { outcome: 'applied' } : { outcome: 'ignored', detail: 'The vehicle is not in the fleet snapshot (yet).' };
}

/** `rate_limit.updated`: the vehicle's budget for that key, as of the event's time; only vehicle budgets are kept. */
async function applyRateLimitEvent(db: Db, event: WebhookEvent, data: unknown): Promise<Applied> {
  const parsed = rateLimitUpdatedSchema.safeParse(data);
  if (!parsed.success) return { outcome: 'invalid', detail: 'rate_limit.updated without its counts' };
  const limit = parsed.data;
  if (limit.domain && limit.domain !== 'VEHICLE')
    return { outcome: 'recorded', detail: `A ${limit.domain.slice(0, 50)} budget: not kept.` };
  return stored(
    await applyPushedBudget(db, event.organizationId, limit.object_id, limit.key, {
      remaining: limit.remaining_requests,
      max: limit.max_requests,
      windowSeconds: limit.window_size_seconds ?? null,
      domain: limit.domain ?? null,
      at: eventTime(event).toISOString(),
    }),
  );
}

/** `alert.updated`: the alert's state on the snapshot and in the inboxes, at its own time (else the event's). */
async function applyAlertEvent(db: Db, event: WebhookEvent, data: unknown): Promise<Applied> {
  const parsed = alertUpdatedSchema.safeParse(data);
  if (!parsed.success) return { outcome: 'invalid', detail: 'alert.updated without id, vehicleId or status' };
  const alert = parsed.data;
  const at = eventTime(event, validDate(alert.updatedAt)).toISOString();
  const inbox = platformAlertSchema.safeParse(data);
  return stored(
    await applyPushedAlert(db, event.organizationId, {
      id: alert.id,
      vehicleId: alert.vehicleId,
      state: {
        active: alert.status === 'ACTIVE',
        muted: alert.muted ?? false,
        code: alert.definition?.code ?? null,
        severity: alert.currentSeverity ?? null,
        at,
      },
      inbox: inbox.success ? inbox.data : undefined,
    }),
  );
}

async function applyEvent(db: Db, event: WebhookEvent, now: Date): Promise<Applied> {
  const envelope = envelopeSchema.safeParse(event.payload);
  if (!envelope.success) return { outcome: 'invalid', detail: 'Not an event envelope.' };
  const { type, data } = envelope.data;
  switch (type) {
    case 'command.updated':
      return applyCommandUpdated(db, event, data, now);
    case 'device.connected':
    case 'device.disconnected':
      return applyConnectionEvent(db, event, type, data);
    case 'device.telemetry':
      return applyTelemetryEvent(db, event, data);
    case 'rate_limit.updated':
      return applyRateLimitEvent(db, event, data);
    case 'alert.updated':
      return applyAlertEvent(db, event, data);
    case TEST_EVENT_TYPE:
      return { outcome: 'recorded' };
    default:
      return { outcome: 'ignored', detail: `Unknown event type ${type.slice(0, 100)}` };
  }
}

/**
 * Applies one recorded event if this caller wins its claim (the receiving request right after its
 * answer, or the apply job on any instance). A retryable miss or a throw leaves it for the job.
 */
export async function applyWebhookEvent(db: Db, id: string, now = new Date()): Promise<WebhookEventOutcome | undefined> {
  const event = await claimWebhookEvent(db, id, now, APPLY_CLAIM_STALE_MS);
  if (!event) return undefined;
  let result: Applied;
  try {
    // The upstream says the vehicle changed: the instances' shared reads of it are not answered
    // any more, before any open page hears of the change and reads again.
    if (event.vehicleId) await forgetSharedReads(db, event.organizationId, event.vehicleId);
    result = await applyEvent(db, event, now);
  } catch (error) {
    if (event.attempts < MAX_ATTEMPTS) throw error;
    logger().error({ event: 'webhook_event.apply_given_up', id, type: event.type, err: error }, 'webhook event failed to apply, given up');
    result = { outcome: 'failed', detail: 'Could not be applied.' };
  }
  if ('retry' in result) {
    if (event.attempts < MAX_ATTEMPTS) return undefined;
    result = { outcome: 'ignored', detail: result.retry };
  }
  await finishWebhookEvent(db, id, result, now);
  await publishChange(event.organizationId, event.vehicleId ? { kind: 'events', vehicleId: event.vehicleId } : { kind: 'events' });
  return result.outcome;
}

/** The job `events.apply`: events recorded but never applied (the process died after answering, or an apply failed). */
export async function applyPendingWebhookEvents(db: Db, now = new Date()): Promise<number> {
  const events = await listUnappliedWebhookEvents(db, { now, staleMs: APPLY_CLAIM_STALE_MS, limit: 100 });
  let applied = 0;
  for (const event of events) {
    const outcome = await applyWebhookEvent(db, event.id, now).catch((error) => {
      logger().error(
        { event: 'webhook_event.apply_failed', id: event.id, type: event.type, err: error },
        'webhook event apply failed, will retry',
      );
      return undefined;
    });
    if (outcome) applied++;
  }
  return applied;
}

/** The job `events.prune`. */
export function pruneOldWebhookEvents(db: Db, now = new Date()): Promise<number> {
  return pruneWebhookEvents(db, new Date(now.getTime() - WEBHOOK_EVENTS_KEPT_MS));
}
