import 'server-only';
import { getDb } from '@/lib/db';
import { env } from '@/lib/env';
import {
  deleteWebhookEndpoint,
  findWebhookDelivery,
  findWebhookEndpoint,
  findWebhookEndpoints,
  insertWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  rotateWebhookEndpointSecretRow,
  updateWebhookEndpoint,
} from '@/lib/db/repos/notifications/webhooks';
import { uuidv7 } from '@/lib/db/ids';
import type { WebhookDelivery, WebhookDeliveryAttempt, WebhookEndpoint } from '@/lib/db/schema';
import { AppError } from '@/lib/errors/app-error';
import type { OrgAccess } from '@/lib/org/org-access';
import type { WebhookEndpointInput, WebhookEndpointPatch } from '../webhook-schemas';
import { TEST_WEBHOOK_EVENT_TYPE, type WebhookDeliveryView, type WebhookEndpointView, type WebhookEndpointWithSecret } from '../webhooks';
import { enqueueWebhook, newEventId, type WebhookPayload } from './webhook-deliveries';
import { newWebhookSecret } from './webhook-send';
import { webhookTargetProblem } from './webhook-target';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toEndpointView(e: WebhookEndpoint): WebhookEndpointView {
  return {
    id: e.id,
    url: e.url,
    description: e.description,
    enabled: e.enabled,
    disabledReason: e.disabledReason,
    disabledAt: iso(e.disabledAt),
    consecutiveFailures: e.consecutiveFailures,
    lastSuccessAt: iso(e.lastSuccessAt),
    previousSecretUntil:
      e.previousSecretEncrypted && e.previousSecretExpiresAt && e.previousSecretExpiresAt.getTime() > Date.now()
        ? e.previousSecretExpiresAt.toISOString()
        : null,
    createdAt: e.createdAt.toISOString(),
  };
}

function toDeliveryView({ delivery: d, attempts }: { delivery: WebhookDelivery; attempts: WebhookDeliveryAttempt[] }): WebhookDeliveryView {
  return {
    id: d.id,
    eventId: d.eventId,
    eventType: d.eventType,
    status: d.status,
    attempts: d.attempts,
    lastStatusCode: d.lastStatusCode,
    lastAttemptAt: iso(d.lastAttemptAt),
    nextAttemptAt: d.status === 'pending' ? iso(d.nextAttemptAt) : null,
    createdAt: d.createdAt.toISOString(),
    redeliveryOf: d.redeliveryOf,
    attemptLog: attempts.map((a) => ({
      attempt: a.attempt,
      attemptedAt: a.attemptedAt.toISOString(),
      ok: a.ok,
      statusCode: a.statusCode,
      durationMs: a.durationMs,
      error: a.error,
      responseExcerpt: a.responseExcerpt,
    })),
  };
}

/** Refuses a URL the delivery would refuse: the problem under the `url` field. */
async function assertTarget(url: string): Promise<void> {
  const problem = await webhookTargetProblem(url);
  if (problem) throw new AppError('WEBHOOK_TARGET_REFUSED', problem, { fields: [{ path: 'url', message: problem, in: 'body' }] });
}

async function endpointOrThrow(access: OrgAccess, id: string): Promise<WebhookEndpoint> {
  const endpoint = await findWebhookEndpoint(getDb(), access.org.id, id);
  if (!endpoint) throw new AppError('NOT_FOUND', 'No such webhook endpoint.');
  return endpoint;
}

export async function listWebhookEndpointViews(access: OrgAccess): Promise<{ endpoints: WebhookEndpointView[] }> {
  return { endpoints: (await listWebhookEndpoints(getDb(), access.org.id)).map(toEndpointView) };
}

/** A new endpoint and its signing secret: the answer is the only place the secret is ever shown. */
export async function createWebhookEndpoint(access: OrgAccess, input: WebhookEndpointInput): Promise<WebhookEndpointWithSecret> {
  await assertTarget(input.url);
  const secret = newWebhookSecret();
  const row = await insertWebhookEndpoint(getDb(), access.org.id, { id: uuidv7(), url: input.url, description: input.description, secret });
  return { endpoint: toEndpointView(row), secret };
}

export async function updateWebhookEndpointSettings(
  access: OrgAccess,
  id: string,
  patch: WebhookEndpointPatch,
): Promise<{ endpoint: WebhookEndpointView }> {
  if ('url' in patch) await assertTarget(patch.url);
  const row = await updateWebhookEndpoint(getDb(), access.org.id, id, patch);
  if (!row) throw new AppError('NOT_FOUND', 'No such webhook endpoint.');
  return { endpoint: toEndpointView(row) };
}

export async function deleteWebhookEndpointById(access: OrgAccess, id: string): Promise<{ url: string }> {
  const endpoint = await endpointOrThrow(access, id);
  await deleteWebhookEndpoint(getDb(), access.org.id, id);
  return { url: endpoint.url };
}

/**
 * A new signing secret. For WEBHOOK_SECRET_OVERLAP_HOURS deliveries carry a signature with the
 * previous secret too, so a receiver keeps verifying while it is given the new one; then the
 * previous secret is forgotten (the hourly prune, and never used past its time in any case).
 */
export async function rotateWebhookEndpointSecret(access: OrgAccess, id: string, now = new Date()): Promise<WebhookEndpointWithSecret> {
  const secret = newWebhookSecret();
  const overlapHours = env().WEBHOOK_SECRET_OVERLAP_HOURS;
  const overlapUntil = overlapHours > 0 ? new Date(now.getTime() + overlapHours * 3_600_000) : null;
  const row = await rotateWebhookEndpointSecretRow(getDb(), access.org.id, id, secret, overlapUntil);
  if (!row) throw new AppError('NOT_FOUND', 'No such webhook endpoint.');
  return { endpoint: toEndpointView(row), secret };
}

async function enabledEndpointOrThrow(access: OrgAccess, id: string): Promise<WebhookEndpoint> {
  const endpoint = await endpointOrThrow(access, id);
  if (!endpoint.enabled) throw new AppError('WEBHOOK_ENDPOINT_DISABLED', 'The endpoint is switched off: switch it on first.');
  return endpoint;
}

/** Queues a `webhook.test` event for the endpoint: what a receiver sees, without waiting for a rule. */
export async function sendTestWebhook(access: OrgAccess, id: string): Promise<{ deliveryId: string; eventId: string }> {
  const endpoint = await enabledEndpointOrThrow(access, id);
  const now = new Date();
  const eventId = newEventId();
  const payload: WebhookPayload = {
    type: TEST_WEBHOOK_EVENT_TYPE,
    id: eventId,
    timestamp: now.toISOString(),
    data: { organization: access.org.slug, endpointId: endpoint.id, message: 'A test event from Motorpool.' },
  };
  const delivery = await enqueueWebhook(getDb(), endpoint, payload, now);
  return { deliveryId: delivery.id, eventId };
}

export async function listEndpointDeliveries(access: OrgAccess, id: string): Promise<{ deliveries: WebhookDeliveryView[] }> {
  const endpoint = await endpointOrThrow(access, id);
  return { deliveries: (await listWebhookDeliveries(getDb(), endpoint.id, 50)).map(toDeliveryView) };
}

/** Sends a delivery's event again, with the same id (a receiver that has it already may skip it), as a new delivery. */
export async function redeliverWebhook(access: OrgAccess, endpointId: string, deliveryId: string): Promise<{ deliveryId: string }> {
  const endpoint = await enabledEndpointOrThrow(access, endpointId);
  const original = await findWebhookDelivery(getDb(), endpoint.id, deliveryId);
  if (!original) throw new AppError('NOT_FOUND', 'No such delivery.');
  const payload = original.payload as WebhookPayload;
  const delivery = await enqueueWebhook(getDb(), endpoint, payload, new Date(), original.id);
  return { deliveryId: delivery.id };
}

/** A rule may name only the organization's own endpoints. */
export async function assertRuleEndpoints(organizationId: string, ids: readonly string[] | undefined): Promise<void> {
  if (!ids?.length) return;
  const found = new Set((await findWebhookEndpoints(getDb(), organizationId, ids)).map((e) => e.id));
  if (ids.every((id) => found.has(id))) return;
  const message = 'Choose endpoints of this organization';
  throw new AppError('WEBHOOK_ENDPOINT_UNKNOWN', message, { fields: [{ path: 'webhookEndpointIds', message, in: 'body' }] });
}
