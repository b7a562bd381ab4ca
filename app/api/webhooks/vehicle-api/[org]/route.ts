import { after, NextResponse, type NextRequest } from 'next/server';
import { readBodyWithin } from '@/lib/bff/request-guards';
import { WEBHOOK_MAX_BODY_BYTES } from '@/lib/webhooks/server/receive-webhook';
import { takeWebhookDelivery } from '@/lib/webhooks/server/take-webhook-delivery';
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
  try {
    const { answer, apply } = await takeWebhookDelivery({ orgSlug: org, headers: request.headers, rawBody });
    // Applied after the answer is sent; the job `events.apply` retries whatever this misses.
    if (apply) after(apply);
    return NextResponse.json(answer.body, { status: answer.status, headers });
  } catch (error) {
    logger().error({ event: 'webhook.receive_failed', err: error }, 'webhook receive failed');
    return NextResponse.json({ error: { code: 'INTERNAL', message: 'Something went wrong.' } }, { status: 500, headers });
  }
}
