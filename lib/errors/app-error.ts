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
} as const;
export type AppErrorCode = keyof typeof APP_ERROR_STATUS;

export type ErrorBody = {
  code: string;
  message: string;
  requestId?: string;
  fields?: Record<string, string[]>;
  retryAfterSeconds?: number;
  /** Set where the browser may repeat the request (lib/query/retry-policy.ts); absent means never. */
  retryable?: boolean;
  details?: unknown;
};

export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly body: ErrorBody;

  constructor(code: AppErrorCode | string, message: string, options: { status?: number } & Omit<ErrorBody, 'code' | 'message'> = {}) {
    super(message);
    const { status, ...rest } = options;
    this.code = code;
    this.status = status ?? APP_ERROR_STATUS[code as AppErrorCode] ?? 500;
    this.body = { code, message, ...rest };
  }
}

/** Field errors of a zod failure keyed by dotted path, so a form can show each under its field. */
export function validationError(error: z.core.$ZodError, where: 'body' | 'query' | 'params' | 'headers'): AppError {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || where;
    (fields[key] ??= []).push(issue.message);
  }
  const first = Object.entries(fields)[0];
  const message = first ? `Invalid ${where}: ${first[0]}: ${first[1][0]}` : `Invalid ${where}`;
  return new AppError('VALIDATION_FAILED', message, { fields });
}
