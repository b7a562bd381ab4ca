import 'server-only';
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { REQUEST_ID_HEADER } from '@/lib/contract/vehicle-api';
import type { Breaker } from './breaker';
import { countUpstreamCall, deadlineError, type UpstreamDeadline } from './deadline';
import { parseErrorBody, parseRetryAfter, VehicleApiError } from './errors';
import { redact, type VehicleApiLogger } from './log';

const tracer = trace.getTracer('motorpool.vehicle-api');

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;
export type Method = 'GET' | 'POST' | 'DELETE';

export interface AttemptResult {
  status: number;
  headers: Headers;
  text: string;
  /** The upstream's `X-Request-Id`, else the one we sent. */
  requestId: string;
  /** Set for a non-2xx answer. */
  error?: VehicleApiError;
}

export type Attempt = (
  method: Method,
  template: string,
  url: string,
  init: RequestInit,
  attemptNo: number,
  deadline: UpstreamDeadline,
) => Promise<AttemptResult>;

export interface AttemptOptions {
  fetch: FetchLike;
  /** Per attempt. */
  timeoutMs: number;
  logger: VehicleApiLogger;
  /** Values the log line must never show (the client adds tokens as it learns them). */
  secrets: readonly string[];
  breaker?: { breaker: Breaker; key: string };
}

// Unique per process and cheap: a random prefix and a counter (randomUUID per call showed in profiles).
const REQUEST_ID_PREFIX = `mp-${crypto.randomUUID().slice(0, 8)}`;
let requestSeq = 0;
const nextRequestId = () => `${REQUEST_ID_PREFIX}-${(++requestSeq).toString(36)}`;

export function readJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function errorFrom(result: AttemptResult, endpoint: string): VehicleApiError {
  const json = readJson(result.text);
  const parsed = parseErrorBody(result.status, json.ok ? json.value : result.text);
  return new VehicleApiError({
    code: parsed.code,
    status: result.status,
    message: parsed.message,
    requestId: result.headers.get(REQUEST_ID_HEADER) ?? parsed.requestId ?? result.requestId,
    endpoint,
    details: parsed.details,
    retryAfterMs: parseRetryAfter(result.headers.get('Retry-After'), Date.now()),
    raw: json.ok ? json.value : result.text,
  });
}

/**
 * One HTTP attempt at the upstream, as the client's retry loop sees it: the time-out, the request
 * id, the log line and span, and the organization's breaker.
 */
export function createAttempt(options: AttemptOptions): Attempt {
  /** One upstream attempt: timeout, request id, logging and its span. Throws only for no response at all. */
  const attempt: Attempt = async (method, template, url, init, attemptNo, deadline) => {
    const endpoint = `${method} ${template}`;
    const outgoingId = nextRequestId();
    const left = deadline.at - performance.now();
    const cutByDeadline = left < options.timeoutMs;
    const headers = { ...(init.headers as Record<string, string>), [REQUEST_ID_HEADER]: outgoingId };
    const controller = new AbortController();
    const started = performance.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Racing the timer, not only aborting, also bounds transports that ignore the signal.
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => {
          controller.abort();
          reject(
            cutByDeadline
              ? deadlineError(endpoint, deadline, outgoingId)
              : new VehicleApiError({
                  code: 'TIMEOUT',
                  status: 0,
                  endpoint,
                  requestId: outgoingId,
                  message: `${endpoint} timed out after ${options.timeoutMs} ms`,
                }),
          );
        },
        Math.max(0, Math.min(options.timeoutMs, left)),
      );
    });
    // A no-op unless tracing is on (lib/ops/tracing.ts). Templates and ids only: no URL, header or body.
    // `finish` ends it and writes the log line, once per attempt, whatever the outcome.
    const span = tracer.startSpan(endpoint, {
      kind: SpanKind.CLIENT,
      attributes: { 'http.request.method': method, 'url.template': template, 'motorpool.upstream.attempt': attemptNo },
    });
    const finish = (status: number, requestId: string | undefined, errorCode?: string, errorDetail?: string) => {
      if (span.isRecording()) {
        span.setAttributes({
          'http.response.status_code': status,
          ...(requestId ? { 'motorpool.upstream.request_id': requestId } : {}),
          ...(errorCode ? { 'error.type': errorCode } : {}),
        });
        if (errorCode) span.setStatus({ code: SpanStatusCode.ERROR });
      }
      span.end();
      return (
        (options.logger.enabled === undefined || options.logger.enabled()) &&
        options.logger(
          redact(
            {
              event: 'vehicle_api.call',
              method,
              path: template,
              status,
              durationMs: Math.round((performance.now() - started) * 100) / 100,
              requestId,
              attempt: attemptNo,
              ...(errorCode ? { errorCode } : {}),
              ...(errorDetail ? { errorDetail } : {}),
            },
            options.secrets,
          ),
        )
      );
    };
    countUpstreamCall();
    try {
      const response = await Promise.race([options.fetch(url, { ...init, headers, signal: controller.signal }), timedOut]);
      const text = await Promise.race([response.text(), timedOut]);
      const result: AttemptResult = {
        status: response.status,
        headers: response.headers,
        text,
        requestId: response.headers.get(REQUEST_ID_HEADER) ?? outgoingId,
      };
      if (response.ok) finish(result.status, result.requestId);
      else {
        const error = errorFrom(result, endpoint);
        result.error = error;
        finish(result.status, error.requestId, error.code);
      }
      return result;
    } catch (error) {
      if (error instanceof VehicleApiError) {
        finish(0, outgoingId, error.code);
        throw error;
      }
      finish(0, outgoingId, 'NETWORK_ERROR', error instanceof Error ? error.message : String(error));
      throw new VehicleApiError({
        code: 'NETWORK_ERROR',
        status: 0,
        endpoint,
        requestId: outgoingId,
        // The cause's text (a socket's, a TLS library's, an address a name resolved to) is for the log only.
        message: `${endpoint} failed before a response`,
        cause: error,
      });
    } finally {
      clearTimeout(timer);
    }
  };

  /** An attempt through the organization's breaker: refused while paused, and its outcome recorded. */
  return async function guardedAttempt(...args: Parameters<Attempt>): Promise<AttemptResult> {
    const guard = options.breaker;
    if (!guard) return attempt(...args);
    const admitted = guard.breaker.admit(guard.key, `${args[0]} ${args[1]}`);
    try {
      const result = await attempt(...args);
      guard.breaker.record(guard.key, { status: result.status, retryAfterMs: result.error?.retryAfterMs }, admitted);
      return result;
    } catch (error) {
      guard.breaker.record(guard.key, { status: 0 }, admitted);
      throw error;
    }
  };
}
