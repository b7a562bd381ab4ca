import 'server-only';
import { ERROR_CODES, ERROR_STATUS, type ErrorCode } from '@/lib/contract/vehicle-api';

/**
 * Codes the client raises itself, for failures that never produced a contract error body.
 * ENDPOINT_NOT_FOUND: a 404 with a framework body (`{"detail": "Not Found"}`), the service has no
 * such path at all (a command it does not offer), unlike a contract 404 about a resource.
 * UPSTREAM_DEADLINE: the call's overall deadline (token and retries included) ran out.
 * UPSTREAM_PAUSED: the organization's breaker is open; nothing was sent.
 */
export const CLIENT_ERROR_CODES = [
  'NETWORK_ERROR',
  'TIMEOUT',
  'UPSTREAM_CONTRACT_MISMATCH',
  'ENDPOINT_NOT_FOUND',
  'UPSTREAM_DEADLINE',
  'UPSTREAM_PAUSED',
] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];

/** A contract code, a client code, or (kept as it came) a code this client does not know. */
export type VehicleApiErrorCode = ErrorCode | ClientErrorCode | (string & {});

export interface VehicleApiErrorInit {
  code: VehicleApiErrorCode;
  /** Upstream HTTP status; 0 when no response arrived (network error, timeout). */
  status: number;
  message: string;
  requestId?: string;
  retryable?: boolean;
  /** `METHOD /v1/path/{template}` of the call. */
  endpoint: string;
  details?: unknown;
  /** Milliseconds the upstream asked us to wait (Retry-After), when it said. */
  retryAfterMs?: number;
  /** The error body exactly as it came (parsed JSON, else the text), for the support view. */
  raw?: unknown;
  /** Time the whole call took, attempts and waits included, when a response or time-out ended it. */
  durationMs?: number;
  /** What failed below the call (a socket, TLS, the address check): for the log, never shown. */
  cause?: unknown;
}

/**
 * Each Next.js route and page bundle may carry its own copy of this module, while the per-org
 * client is shared through globalThis: `instanceof` must recognise an error from any copy.
 */
const BRAND = Symbol.for('motorpool.VehicleApiError');

export class VehicleApiError extends Error {
  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }

  readonly [BRAND] = true;
  readonly code: VehicleApiErrorCode;
  readonly status: number;
  readonly requestId: string | undefined;
  readonly retryable: boolean;
  readonly endpoint: string;
  readonly details: unknown;
  readonly retryAfterMs: number | undefined;
  /**
   * Not enumerable: `console.error` and `util.inspect` print an error's own enumerable properties,
   * and the body may hold what must not reach a log. `toJSON` leaves it out too.
   */
  declare readonly raw: unknown;
  /** Set by the client once the call is over (the error is created by the attempt that failed). */
  durationMs: number | undefined;

  constructor(init: VehicleApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'VehicleApiError';
    this.code = init.code;
    this.status = init.status;
    this.requestId = init.requestId;
    this.retryable = init.retryable ?? isRetryableFailure(init.code, init.status);
    this.endpoint = init.endpoint;
    this.details = init.details;
    this.retryAfterMs = init.retryAfterMs;
    Object.defineProperty(this, 'raw', { value: init.raw, enumerable: false });
    this.durationMs = init.durationMs;
  }

  /** A copy, so that callers sharing one coalesced upstream call never share one mutable error. */
  clone(): VehicleApiError {
    return new VehicleApiError({ ...this, message: this.message, raw: this.raw });
  }

  toJSON() {
    const { code, status, message, requestId, retryable, endpoint, details } = this;
    return { name: this.name, code, status, message, requestId, retryable, endpoint, details };
  }
}

export function isVehicleApiError(error: unknown): error is VehicleApiError {
  return error instanceof VehicleApiError;
}

export function isKnownErrorCode(code: string): code is ErrorCode {
  return (ERROR_CODES as readonly string[]).includes(code);
}

/** Whether the same request might succeed later; says nothing about whether it is safe to repeat. */
export function isRetryableFailure(code: string, status: number): boolean {
  if (code === 'NETWORK_ERROR' || code === 'TIMEOUT') return true;
  if (code === 'SERVER_ERROR' || code === 'RATE_LIMITED') return true;
  return status === 429 || status >= 500;
}

function codeForStatus(status: number): ErrorCode {
  if (status === 429) return 'RATE_LIMITED';
  if (status >= 500) return 'SERVER_ERROR';
  const byStatus = (Object.entries(ERROR_STATUS) as [ErrorCode, number][]).find(([, s]) => s === status);
  // Several codes share 400/409; the first listed for a status is the generic one.
  return byStatus && status !== 409 ? byStatus[0] : 'REQUEST_VALIDATION_ERROR';
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

export interface ParsedErrorBody {
  code: string;
  message: string;
  requestId?: string;
  details?: unknown;
}

/**
 * Reads an error body in every variant of contract-gaps: `{requestId, timestamp, error: CODE,
 * message, data}`, `{error: {code, message}}`, `{code, message}`, FastAPI `{detail: [...]}`, and
 * anything else (not JSON, empty) by status.
 */
export function parseErrorBody(status: number, body: unknown): ParsedErrorBody {
  const fallback = codeForStatus(status);
  if (!isRecord(body)) {
    return { code: fallback, message: typeof body === 'string' && body ? body.slice(0, 200) : `HTTP ${status}` };
  }
  const requestId = str(body.requestId) ?? str(body.request_id);
  if (isRecord(body.error)) {
    const inner = body.error;
    return {
      code: str(inner.code) ?? fallback,
      message: str(inner.message) ?? str(body.message) ?? `HTTP ${status}`,
      requestId: requestId ?? str(inner.requestId),
      details: inner.data ?? inner.details ?? body.data,
    };
  }
  if (str(body.error)) {
    return { code: body.error as string, message: str(body.message) ?? (body.error as string), requestId, details: body.data ?? undefined };
  }
  if (str(body.code)) {
    return {
      code: body.code as string,
      message: str(body.message) ?? (body.code as string),
      requestId,
      details: body.data ?? body.details,
    };
  }
  if (status === 404 && typeof body.detail === 'string') {
    return { code: 'ENDPOINT_NOT_FOUND', message: body.detail || 'Not Found', requestId, details: body.detail };
  }
  if (body.detail !== undefined) {
    const message = Array.isArray(body.detail)
      ? body.detail
          .map((d) => (isRecord(d) ? `${Array.isArray(d.loc) ? d.loc.join('.') + ': ' : ''}${str(d.msg) ?? ''}` : String(d)))
          .join('; ')
      : String(str(body.detail) ?? 'Request validation failed');
    return { code: status >= 500 ? 'SERVER_ERROR' : 'REQUEST_VALIDATION_ERROR', message, requestId, details: body.detail };
  }
  return { code: fallback, message: str(body.message) ?? `HTTP ${status}`, requestId, details: body };
}

export { parseRetryAfter } from './retry-after';

/**
 * For the list extensions (charging history, command executions): a 404 or 405 may mean the
 * upstream does not offer the list at all, so the caller falls back (look-up by id, own records).
 */
export function isMissingEndpoint(error: unknown): boolean {
  return error instanceof VehicleApiError && (error.status === 404 || error.status === 405);
}
