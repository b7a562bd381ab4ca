import 'server-only';
import { getDb } from '@/lib/db';
import { logger } from '@/lib/ops/log';
import { applyWebhookEvent } from './apply-webhook-event';
import { receiveWebhook, type WebhookAnswer } from './receive-webhook';

/**
 * One delivery to the receiver: verified and recorded at once (receiveWebhook), and the recorded
 * event's `apply`, for the route to run after the answer is sent (the job `events.apply` retries
 * whatever it misses).
 */
export async function takeWebhookDelivery(input: {
  orgSlug: string;
  headers: Headers;
  rawBody: string;
}): Promise<{ answer: WebhookAnswer; apply?: () => Promise<void> }> {
  const db = getDb();
  const answer = await receiveWebhook(db, input);
  const recordedId = answer.recordedId;
  if (!recordedId) return { answer };
  const apply = () =>
    applyWebhookEvent(db, recordedId).then(
      () => undefined,
      (error: unknown) => logger().error({ event: 'webhook.apply_failed', err: error }, 'webhook apply failed'),
    );
  return { answer, apply };
}
