import 'server-only';
import { timingSafeEqual } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { Db } from '@/lib/db';
import { APP_ERROR_STATUS, type AppErrorCode } from '@/lib/errors/app-error';
import { getOrganizationBySlug, getWebhookSecret } from '@/lib/db/repos/organizations';
import { recordWebhookEvent } from '@/lib/db/repos/webhook-events';
import { validDate } from './event-time';
import { envelopeSchema, vehicleIdOf } from './webhook-payloads';

/** Standard Webhooks' tolerance: a timestamp further than this from our clock is refused. */
export const WEBHOOK_TOLERANCE_MS = 5 * 60_000;
/** Larger bodies are refused before any work (the vendor's events are a few hundred bytes). */
export const WEBHOOK_MAX_BODY_BYTES = 64 * 1024;

export type WebhookAnswer = {
  status: number;
  body: { ok: true; id: string; duplicate?: boolean } | { error: { code: string; message: string } };
  /** The recorded event to apply once the answer is sent. */
  recordedId?: string;
};

/** A refusal with its code's status from the one map; the route adds the request id. */
const refuse = (code: AppErrorCode, message: string): WebhookAnswer => ({
  status: APP_ERROR_STATUS[code],
  body: { error: { code, message } },
});
/**
 * One answer for an unknown organization, one without a signing secret, and any delivery not
 * signed with the organization's secret: without the secret, the URL tells nothing, not even
 * whether the organization receives webhooks.
 */
const NOT_FOUND = refuse('NOT_FOUND', 'Not found.');

/**
 * Whether one of the header's `v1,<base64>` signatures is the secret's over id, timestamp and
 * body (the Standard Webhooks scheme, signed by `standardwebhooks`). The timestamp's range is
 * checked apart, so a signed delivery from a skewed clock hears why.
 */
function signedWith(secret: string, id: string, timestamp: string, body: string, header: string): boolean {
  let expected: Buffer;
  try {
    expected = Buffer.from(new Webhook(secret).sign(id, new Date(Number(timestamp) * 1000), body).split(',')[1] ?? '', 'base64');
  } catch {
    return false;
  }
  return header.split(' ').some((entry) => {
    const [version, signature] = entry.split(',');
    if (version !== 'v1' || !signature) return false;
    const given = Buffer.from(signature, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

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
  const wellFormed = webhookId && webhookId.length <= 200 && /^\d{1,12}$/.test(timestampHeader) && signature && signature.length <= 2000;
  if (!wellFormed || !signedWith(secret, webhookId, timestampHeader, input.rawBody, signature)) return NOT_FOUND;
  const timestamp = Number(timestampHeader) * 1000;
  if (Math.abs(now - timestamp) > WEBHOOK_TOLERANCE_MS) {
    return refuse('WEBHOOK_TIMESTAMP_OUT_OF_RANGE', 'The webhook timestamp is more than five minutes from our clock.');
  }

  let parsed: unknown;
  try {
    parsed = JSON.parse(input.rawBody);
  } catch {
    return refuse('WEBHOOK_BODY_INVALID', 'The webhook body is not JSON.');
  }
  const envelope = envelopeSchema.safeParse(parsed);
  if (!envelope.success) return refuse('WEBHOOK_BODY_INVALID', 'The webhook body is not an event envelope {type, timestamp, data}.');

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
    return refuse('WEBHOOK_REPLAYED', 'This webhook-id was already received.');
  }
  return { status: 200, body: { ok: true, id: webhookId, duplicate: true } };
}
