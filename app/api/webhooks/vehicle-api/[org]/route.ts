import { after, NextResponse, type NextRequest } from 'next/server';
import { getDb } from '@/lib/db';
import { applyWebhookEvent } from '@/lib/webhooks/server/apply-webhook-event';
import { readBodyWithin, receiveWebhook, WEBHOOK_MAX_BODY_BYTES } from '@/lib/webhooks/server/receive-webhook';
import { logger } from '@/lib/ops/log';

/**
 * Outside withOrg: the Vehicle API (its webhook sender) calls it, with no
 * session, no membership and no same-origin Origin. The organization's signing secret is its
 * authentication (receiveWebhook verifies it before anything is read or written); an unknown
 * organization and one without a secret answer the same 404. It only records and applies
 * events: it returns nothing of the organization, and GET and the other methods are not exported.
 */
export async function POST(request: NextRequest, context: { params: Promise<{ org: string }> }): Promise<Response> {
  const { org } = await context.params;
  const headers = { 'Cache-Control': 'no-store' };
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > WEBHOOK_MAX_BODY_BYTES) {
    return NextResponse.json({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'The body is too large.' } }, { status: 413, headers });
  }
  const rawBody = await readBodyWithin(request, WEBHOOK_MAX_BODY_BYTES);
  if (rawBody === null) {
    return NextResponse.json({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'The body is too large.' } }, { status: 413, headers });
  }
  const db = getDb();
  try {
    const answer = await receiveWebhook(db, { orgSlug: org, headers: request.headers, rawBody });
    const recordedId = answer.recordedId;
    // Applied after the answer is sent; the job `events.apply` retries whatever this misses.
    if (recordedId)
      after(() =>
        applyWebhookEvent(db, recordedId).catch((error) =>
          logger().error({ event: 'webhook.apply_failed', err: error }, 'webhook apply failed'),
        ),
      );
    return NextResponse.json(answer.body, { status: answer.status, headers });
  } catch (error) {
    logger().error({ event: 'webhook.receive_failed', err: error }, 'webhook receive failed');
    return NextResponse.json({ error: { code: 'INTERNAL', message: 'Something went wrong.' } }, { status: 500, headers });
  }
}
