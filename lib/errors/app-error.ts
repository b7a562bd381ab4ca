import 'server-only';
import type { z } from 'zod';

/**
 * Errors a BFF route may answer with. The browser sees `{ error: { code, message, requestId?,
 * fields?, retryAfterSeconds? } }`; the status comes from the code. Unknown errors never leak
 * details: they are logged and answered with a generic 500.
 *
 * The one code-to-status map: every code Motorpool throws is here (app-error.test.ts walks the
 * sources to keep it so). The Vehicle API's own error codes are passed through with the
 * upstream's status (lib/bff/error-response.ts).
 */
export const APP_ERROR_STATUS = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  INVALID_CURSOR: 400,
  CROSS_ORIGIN: 403,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** A body over a receiver's limit (the inbound webhook receiver's 64 kB). */
  PAYLOAD_TOO_LARGE: 413,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  // Members, invitations and password resets.
  LAST_ADMIN: 409,
  ALREADY_MEMBER: 409,
  EMAIL_TAKEN: 409,
  SLUG_TAKEN: 409,
  ACCOUNT_EXISTS: 409,
  INVITATION_OTHER_ACCOUNT: 403,
  INVITATION_INVALID: 410,
  RESET_INVALID: 410,
  RESET_BY_MAIL_UNAVAILABLE: 503,
  /** No SMTP settings: a consent link cannot be mailed (copy it instead). */
  MAIL_UNAVAILABLE: 503,
  /** The mail server refused the message. */
  MAIL_FAILED: 502,
  /** No SMTP settings: a scheduled report cannot be sent now (nor on schedule). */
  REPORT_MAIL_UNAVAILABLE: 503,
  /** A history backfill asked of a vehicle the gathering cannot read (not connected, not listening, no consent). */
  HISTORY_UNREADABLE: 409,
  /** The organization requires a second factor of its admins and managers, and this person has none yet. */
  SECOND_FACTOR_REQUIRED: 403,
  /** A dangerous action (lib/auth/dangerous-actions.ts) without a fresh proof of this session: the browser prompts for one. */
  STEP_UP_REQUIRED: 403,
  // Commands, bulk jobs, tags, bulk connections.
  IDEMPOTENCY_KEY_REUSED: 422,
  COMMAND_NOT_OFFERED: 422,
  COMMAND_ALREADY_IN_PROGRESS: 409,
  BULK_TOO_LARGE: 422,
  ACCOUNT_TAGGING_REFUSED: 422,
  BULK_CONNECT_NOT_ENABLED: 403,
  // Live update streams: past the per-person or per-instance limit the tab keeps polling.
  LIVE_STREAMS_PER_PERSON: 429,
  LIVE_STREAMS_PER_INSTANCE: 429,
  // The Vehicle API failing us: never the person's 401, and a 5xx of the gateway kind.
  UPSTREAM_AUTHENTICATION_ERROR: 502,
  UPSTREAM_CONTRACT_MISMATCH: 502,
  UPSTREAM_PAUSED: 503,
  UPSTREAM_DEADLINE: 504,
  TIMEOUT: 504,
  NETWORK_ERROR: 504,
  /** The owner's consent lacks a scope: a 403 the section explains. */
  CONSENT_MISSING: 403,
  // Console API credentials (lib/bff/bearer-access.ts).
  API_CREDENTIAL_INVALID: 401,
  API_CREDENTIAL_REVOKED: 401,
  API_CREDENTIAL_EXPIRED: 401,
  /** A request with both a bearer credential and a session cookie. */
  AMBIGUOUS_AUTHENTICATION: 401,
  API_CREDENTIAL_ADDRESS_REFUSED: 403,
  API_CREDENTIAL_SCOPE: 403,
  API_CREDENTIAL_RATE_LIMITED: 429,
  // Outbound webhooks (lib/notifications/server/manage-webhook-endpoints.ts).
  /** The endpoint's URL is not https, or points at (or resolves to) a private, loopback or link-local address. */
  WEBHOOK_TARGET_REFUSED: 422,
  /** A rule names an endpoint the organization does not have. */
  WEBHOOK_ENDPOINT_UNKNOWN: 422,
  /** A test event or a redelivery to an endpoint that is switched off. */
  WEBHOOK_ENDPOINT_DISABLED: 409,
  // The inbound webhook receiver (lib/webhooks/server/receive-webhook.ts).
  WEBHOOK_TIMESTAMP_OUT_OF_RANGE: 400,
  WEBHOOK_BODY_INVALID: 400,
  WEBHOOK_REPLAYED: 409,
} as const;
export type AppErrorCode = keyof typeof APP_ERROR_STATUS;

/** Where a field error was found: the JSON body, the query string, the route's path or a header. */
export type FieldLocation = 'body' | 'query' | 'params' | 'headers';

/** One invalid field: `path` as a program writes it (`selection.vehicleIds[0]`, '' for the whole input). */
export type FieldError = { path: string; message: string; in?: FieldLocation };

export type ErrorBody = {
  code: string;
  message: string;
  /** This console request's id, the `x-request-id` header's: set on every error answer (lib/bff/error-response.ts). */
  requestId?: string;
  /** The Vehicle API request the error came from, when it came from one. */
  upstreamRequestId?: string;
  /** For VALIDATION_FAILED: every invalid field with its path. */
  fields?: FieldError[];
  retryAfterSeconds?: number;
  /** Set where the browser may repeat the request (lib/query/retry-policy.ts); absent means never. */
  retryable?: boolean;
  details?: unknown;
};

export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly body: ErrorBody;

  constructor(
    code: AppErrorCode | string,
    message: string,
    options: { status?: number } & Omit<ErrorBody, 'code' | 'message' | 'requestId'> = {},
  ) {
    super(message);
    const { status, ...rest } = options;
    this.code = code;
    this.status = status ?? APP_ERROR_STATUS[code as AppErrorCode] ?? 500;
    this.body = { code, message, ...rest };
  }
}

/** `['selection', 'vehicleIds', 0]` → `selection.vehicleIds[0]`; a key that is no identifier is quoted. */
export function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (typeof key === 'string' && /^[A-Za-z_$][\w$-]*$/.test(key)) out += out ? `.${key}` : key;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out;
}

/**
 * The one way a route answers invalid input: VALIDATION_FAILED (or the caller's status) with every
 * field error by path. The zod failures of withOrg and withSession and a verb's own checks alike.
 */
export function validationFailed(
  fields: readonly FieldError[],
  options: { message?: string; status?: number; details?: unknown } = {},
): AppError {
  const first = fields[0];
  const where = first?.in ?? 'body';
  const message =
    options.message ?? (first ? `Invalid ${where}: ${first.path ? `${first.path}: ` : ''}${first.message}` : `Invalid ${where}`);
  // A verb's own check names no location: its input is the body.
  const located = fields.map((field) => ({ ...field, in: field.in ?? 'body' }));
  return new AppError('VALIDATION_FAILED', message, { fields: located, status: options.status, details: options.details });
}

/** One invalid field of the body (a verb's own check past the schema's). */
export function invalidField(path: string, message: string, options: { message?: string; where?: FieldLocation } = {}): AppError {
  return validationFailed([{ path, message, in: options.where ?? 'body' }], { message: options.message });
}

/** A zod failure, every issue with its field path, so a program and a form alike can point at each. */
export function validationError(error: z.core.$ZodError, where: FieldLocation): AppError {
  return validationFailed(error.issues.map((issue) => ({ path: fieldPath(issue.path), message: issue.message, in: where })));
}
