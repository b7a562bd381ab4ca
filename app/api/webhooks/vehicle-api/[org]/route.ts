import { after, NextResponse, type NextRequest } from 'next/server';
import { errorAnswer, errorResponse } from '@/lib/bff/error-response';
import { readBodyWithin } from '@/lib/bff/request-guards';
import { AppError } from '@/lib/errors/app-error';
import { WEBHOOK_MAX_BODY_BYTES } from '@/lib/webhooks/server/receive-webhook';
import { takeWebhookDelivery } from '@/lib/webhooks/server/take-webhook-delivery';
import { logger } from '@/lib/ops/log';

/**
 * Outside withOrg: the Vehicle API (its webhook sender) calls it, with no
 * session, no membership and no same-origin Origin. The organization's signing secret is its
 * authentication (receiveWebhook verifies it before anything is read or written); an unknown
 * organization and one without a secret answer the same 404. It only records and applies
 * events: it returns nothing of the organization, and GET and the other methods are not exported.
 * Every error answer is the BFF's (`{ error: { code, message, requestId } }`, `x-request-id`).
 */
export async function POST(request: NextRequest, context: { params: Promise<{ org: string }> }): Promise<Response> {
  const { org } = await context.params;
  const tooLarge = () => errorResponse(new AppError('PAYLOAD_TOO_LARGE', 'The body is too large.'), request);
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > WEBHOOK_MAX_BODY_BYTES) return tooLarge();
  const rawBody = await readBodyWithin(request, WEBHOOK_MAX_BODY_BYTES);
  if (rawBody === null) return tooLarge();
  try {
    const { answer, apply } = await takeWebhookDelivery({ orgSlug: org, headers: request.headers, rawBody });
    if ('error' in answer.body) return errorAnswer(answer.status, answer.body.error, request);
    // Applied after the answer is sent; the job `events.apply` retries whatever this misses.
    if (apply) after(apply);
    return NextResponse.json(answer.body, { status: answer.status, headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    logger().error({ event: 'webhook.receive_failed', err: error }, 'webhook receive failed');
    return errorResponse(new AppError('INTERNAL', 'Something went wrong on our side. The error was logged.'), request);
  }
}
