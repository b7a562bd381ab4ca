import 'server-only';
import { randomUUID } from 'node:crypto';
import { NextResponse } from 'next/server';
import { z } from 'zod';
import { CONSENT_MISSING } from '@/lib/contract/consent-scopes';
import { VehicleApiError } from '@/lib/vehicle-api';
import { DEFAULT_RETRY } from '@/lib/vehicle-api/retry';
import { AppError, validationError, type ErrorBody } from '@/lib/errors/app-error';
import { logger } from '@/lib/ops/log';

/**
 * How an upstream error reaches the browser. The upstream refusing the organization's
 * credentials is not the user's session expiring, so it is a 502, never a 401.
 */
function fromVehicleApiError(error: VehicleApiError): AppError {
  const base = { upstreamRequestId: error.requestId, details: { upstreamStatus: error.status, endpoint: error.endpoint } };
  switch (error.code) {
    case 'AUTHENTICATION_ERROR':
      return new AppError(
        'UPSTREAM_AUTHENTICATION_ERROR',
        'The Vehicle API refused this organization’s credentials or their scope. An admin can check them in Settings.',
        base,
      );
    case 'RATE_LIMITED':
      return new AppError('RATE_LIMITED', rateLimitedMessage(error), {
        retryAfterSeconds: error.retryAfterMs === undefined ? undefined : Math.ceil(error.retryAfterMs / 1000),
        ...base,
      });
    case 'TIMEOUT':
    case 'NETWORK_ERROR':
      return new AppError(error.code, 'The Vehicle API did not answer in time. Try again in a moment.', base);
    case 'UPSTREAM_DEADLINE':
      // The client's own retries already spent the budget: the browser must not start another round.
      return new AppError(error.code, error.message, base);
    case 'UPSTREAM_PAUSED':
      // Nothing was sent; asking again once the pause is over is one call, not a multiplication.
      return new AppError(error.code, error.message, {
        retryable: true,
        retryAfterSeconds: Math.max(1, Math.ceil((error.retryAfterMs ?? 0) / 1000)),
        ...base,
      });
    case 'UPSTREAM_CONTRACT_MISMATCH':
      return new AppError(error.code, error.message, base);
    case CONSENT_MISSING:
      // The owner's consent, not our credentials nor the person's session: a 403 the section explains.
      return new AppError(CONSENT_MISSING, error.message, {
        upstreamRequestId: error.requestId,
        details: { ...base.details, ...(error.details as object) },
      });
  }
  const status = error.status >= 500 || error.status === 0 ? 502 : error.status;
  return new AppError(error.code, error.message || error.code, {
    status,
    ...base,
    ...(browserMayRetry(error) ? { retryable: true, retryAfterSeconds: Math.ceil(error.retryAfterMs! / 1000) } : {}),
  });
}

/** "The Vehicle API asked us to wait until 14:03 UTC", as the breaker words its pause. */
function rateLimitedMessage(error: VehicleApiError): string {
  if (error.retryAfterMs === undefined) return error.message || 'The Vehicle API asks us to slow down.';
  const until = new Date(Date.now() + error.retryAfterMs).toISOString().slice(11, 16);
  return `The Vehicle API asked us to wait until ${until} UTC.`;
}

/**
 * The client already repeated idempotent calls itself, so a browser retry would multiply upstream
 * calls. The one case it does not cover: an upstream asking to wait longer than a request may be
 * held. The browser may wait that out and ask again.
 */
function browserMayRetry(error: VehicleApiError): boolean {
  return error.retryable && error.status >= 500 && error.retryAfterMs !== undefined && error.retryAfterMs > DEFAULT_RETRY.maxDelayMs;
}

function toAppError(error: unknown, { log = true } = {}): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof VehicleApiError) return fromVehicleApiError(error);
  // Classic and zod/mini errors alike (lib/validations is zod/mini).
  if (error instanceof z.core.$ZodError) return validationError(error, 'body');
  if (log) logger().error({ event: 'bff.unhandled', err: error }, 'unhandled error in a BFF route');
  return new AppError('INTERNAL', 'Something went wrong on our side. The error was logged.');
}

/**
 * An error as the answer words it (code and message), for records people read later (the audit
 * log): a fault of our own (a database error carries its SQL and values) is only ever INTERNAL.
 */
export function answeredError(error: unknown): { code: string; message: string } {
  const { code, message } = toAppError(error, { log: false });
  return { code, message };
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The request's id: the one a proxy in front sent (when it is a safe token), else a new one. */
function requestIdOf(request: Request | undefined): string {
  const incoming = request?.headers.get('x-request-id');
  return incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * Every error answer of the BFF: `{ error: { code, message, requestId, ... } }` with the status of
 * its code, and the same request id in the `x-request-id` header (the log line names it too).
 */
export function errorResponse(error: unknown, request?: Request): Response {
  const appError = toAppError(error);
  return errorAnswer(appError.status, appError.body, request);
}

/** An error body already made (a receiver's refusal) answered the same way: request id in the body and the header. */
export function errorAnswer(status: number, error: ErrorBody, request?: Request): Response {
  const requestId = requestIdOf(request);
  const headers: Record<string, string> = { 'Cache-Control': 'no-store', 'x-request-id': requestId };
  if (error.retryAfterSeconds !== undefined) headers['Retry-After'] = String(error.retryAfterSeconds);
  const body: ErrorBody = { ...error, requestId };
  return NextResponse.json({ error: body }, { status, headers });
}
