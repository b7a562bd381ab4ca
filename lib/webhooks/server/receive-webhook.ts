import 'server-only';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import type { Db } from '@/lib/db';
import { getOrganizationBySlug, getWebhookSecret } from '@/lib/db/repos/organizations';
import { recordWebhookEvent } from '@/lib/db/repos/webhook-events';
import { validDate } from './event-time';
import { envelopeSchema, vehicleIdOf } from './webhook-payloads';

/** Standard Webhooks' tolerance: a timestamp further than this from our clock is refused. */
export const WEBHOOK_TOLERANCE_MS = 5 * 60_000;
/** Larger bodies are refused before any work (the vendor's events are a few hundred bytes). */
export const WEBHOOK_MAX_BODY_BYTES = 64 * 1024;

/**
 * The request's body as text, or null once it passes `max` bytes: read chunk by chunk and
 * cancelled there, so a body sent without Content-Length (chunked) is never buffered whole.
 */
export async function readBodyWithin(request: Request, max = WEBHOOK_MAX_BODY_BYTES): Promise<string | null> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export type WebhookAnswer = {
  status: number;
  body: { ok: true; id: string; duplicate?: boolean } | { error: { code: string; message: string } };
  /** The recorded event to apply once the answer is sent. */
  recordedId?: string;
};

const refuse = (status: number, code: string, message: string): WebhookAnswer => ({ status, body: { error: { code, message } } });
/** One answer for an unknown organization and one without a signing secret: the URL tells nothing. */
const NOT_FOUND = refuse(404, 'NOT_FOUND', 'Not found.');

/**
 * Receives one webhook delivery: the organization's signing secret verifies the Standard Webhooks
 * signature (`standardwebhooks`), the timestamp must be within five minutes, and the event is
 * recorded (unique per `webhook-id`) before anything else happens, so the answer can go at once
 * and a slow apply never makes the sender retry what is stored.
 *
 * A repeated `webhook-id` changes nothing. If it carries the very headers of the first delivery
 * (a captured request played again) it is refused with 409; if the sender signed it again with a
 * new timestamp (Svix retries after a lost answer do), it is acknowledged with 200 so the sender
 * stops retrying. Only the holder of the secret can make the second kind.
 */
export async function receiveWebhook(
  db: Db,
  input: { orgSlug: string; headers: Headers; rawBody: string; now?: number },
): Promise<WebhookAnswer> {
  const now = input.now ?? Date.now();
  const org = await getOrganizationBySlug(db, input.orgSlug);
  if (!org) return NOT_FOUND;
  const secret = await getWebhookSecret(db, org.id);
  if (!secret) return NOT_FOUND;

  const webhookId = input.headers.get('webhook-id') ?? '';
  const timestampHeader = input.headers.get('webhook-timestamp') ?? '';
  const signature = input.headers.get('webhook-signature') ?? '';
  if (!webhookId || webhookId.length > 200 || !/^\d{1,12}$/.test(timestampHeader) || !signature || signature.length > 2000) {
    return refuse(400, 'WEBHOOK_HEADERS_INVALID', 'The webhook-id, webhook-timestamp and webhook-signature headers are required.');
  }
  const timestamp = Number(timestampHeader) * 1000;
  if (Math.abs(now - timestamp) > WEBHOOK_TOLERANCE_MS) {
    return refuse(400, 'WEBHOOK_TIMESTAMP_OUT_OF_RANGE', 'The webhook timestamp is more than five minutes from our clock.');
  }
  try {
    new Webhook(secret).verify(input.rawBody, {
      'webhook-id': webhookId,
      'webhook-timestamp': timestampHeader,
      'webhook-signature': signature,
    });
  } catch (error) {
    if (error instanceof WebhookVerificationError || error instanceof SyntaxError) {
      return refuse(401, 'WEBHOOK_SIGNATURE_INVALID', 'The webhook signature does not verify.');
    }
    throw error;
  }

  let parsed: unknown;
  try {
    parsed = JSON.parse(input.rawBody);
  } catch {
    return refuse(400, 'WEBHOOK_BODY_INVALID', 'The webhook body is not JSON.');
  }
  const envelope = envelopeSchema.safeParse(parsed);
  if (!envelope.success) return refuse(400, 'WEBHOOK_BODY_INVALID', 'The webhook body is not an event envelope {type, timestamp, data}.');

  const result = await recordWebhookEvent(db, {
    organizationId: org.id,
    webhookId,
    webhookTimestamp: new Date(timestamp),
    type: envelope.data.type,
    vehicleId: vehicleIdOf(envelope.data.type, envelope.data.data),
    occurredAt: validDate(envelope.data.timestamp),
    payload: envelope.data as Record<string, unknown>,
    receivedAt: new Date(now),
  });
  if (result.state === 'recorded') return { status: 202, body: { ok: true, id: webhookId }, recordedId: result.event.id };
  if (result.existing.webhookTimestamp.getTime() === timestamp) {
    return refuse(409, 'WEBHOOK_REPLAYED', 'This webhook-id was already received.');
  }
  return { status: 200, body: { ok: true, id: webhookId, duplicate: true } };
}
