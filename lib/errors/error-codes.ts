import { APP_ERROR_STATUS, type AppErrorCode } from './app-error';

/**
 * What each code of the one code-to-status map means to a program, in a sentence: the OpenAPI
 * document (lib/bff/openapi.ts) and the reference page list them. A code added to the map without
 * a meaning here does not compile; error-codes.test.ts checks that both documents list it.
 */
const MEANINGS = {
  UNAUTHENTICATED: 'No session and no API credential: sign in, or send `Authorization: Bearer …`.',
  FORBIDDEN: 'The person’s role does not allow this action.',
  NOT_FOUND: 'No such resource in this organization (an organization you cannot see answers the same).',
  BAD_REQUEST: 'The request cannot be read: the body is not JSON, or too large (413).',
  VALIDATION_FAILED: 'An input is invalid: `fields` lists each field by path (`a.b[0]`), where it was (`in`) and why.',
  INVALID_CURSOR: 'The page cursor is unknown or expired: start again from the first page.',
  CROSS_ORIGIN: 'A session’s change request came from another origin.',
  UNSUPPORTED_MEDIA_TYPE: 'The body must be sent as `application/json`.',
  PAYLOAD_TOO_LARGE:
    'The body is larger than the receiver accepts (the Vehicle API webhook receiver takes 64 kB): nothing was read or recorded.',
  CONFLICT: 'The request conflicts with the resource’s current state: `message` says how.',
  RATE_LIMITED: 'The Vehicle API asks to slow down: wait `retryAfterSeconds` (also the `Retry-After` header).',
  INTERNAL: 'Something failed in the console; it was logged under the request id.',
  LAST_ADMIN: 'The organization would be left without an admin.',
  ALREADY_MEMBER: 'This person is a member already.',
  EMAIL_TAKEN: 'Another account uses this email address.',
  SLUG_TAKEN: 'Another organization uses this address name.',
  ACCOUNT_EXISTS: 'An account with this email exists: sign in to accept.',
  INVITATION_OTHER_ACCOUNT: 'The invitation is for another account than the one signed in.',
  INVITATION_INVALID: 'The invitation is unknown, used or expired.',
  RESET_INVALID: 'The password reset link is unknown, used or expired.',
  RESET_BY_MAIL_UNAVAILABLE: 'Password resets by mail are not set up on this server.',
  MAIL_UNAVAILABLE: 'No mail server is set up: copy the link instead.',
  MAIL_FAILED: 'The mail server refused the message.',
  REPORT_MAIL_UNAVAILABLE: 'No mail server is set up on this server (SMTP_URL and SMTP_FROM): reports cannot be sent by e-mail.',
  HISTORY_UNREADABLE:
    'The vehicle’s history cannot be gathered now (not connected, not listening, or the consent lacks the scope): `message` says which; nothing was recorded.',
  SECOND_FACTOR_REQUIRED: 'The organization requires a second factor of this person, who has none yet.',
  STEP_UP_REQUIRED: 'A dangerous action needs a fresh confirmation of the session (never asked of an API credential).',
  IDEMPOTENCY_KEY_REUSED: 'This `Idempotency-Key` was used with another request: choose a new key.',
  COMMAND_NOT_OFFERED: 'The vehicle’s service does not offer this command.',
  COMMAND_ALREADY_IN_PROGRESS: 'The same command is running on the vehicle: `details.runningExecutionId` names it.',
  BULK_TOO_LARGE: 'The selection is larger than a bulk job may cover.',
  ACCOUNT_TAGGING_REFUSED: 'The Vehicle API does not tag this account.',
  BULK_CONNECT_NOT_ENABLED: 'Bulk VIN connection is not enabled for the organization.',
  LIVE_STREAMS_PER_PERSON: 'Too many live streams open for this person: poll instead.',
  LIVE_STREAMS_PER_INSTANCE: 'Too many live streams open on this server: poll instead.',
  UPSTREAM_AUTHENTICATION_ERROR: 'The Vehicle API refused the organization’s credentials: an admin checks them in Settings.',
  UPSTREAM_CONTRACT_MISMATCH: 'The Vehicle API answered something the console does not understand.',
  UPSTREAM_PAUSED: 'Calls to the Vehicle API are paused after repeated failures: retry after `retryAfterSeconds`.',
  UPSTREAM_DEADLINE: 'The request’s time ran out while the Vehicle API was retried: do not repeat at once.',
  TIMEOUT: 'The Vehicle API did not answer in time.',
  NETWORK_ERROR: 'The Vehicle API could not be reached.',
  CONSENT_MISSING: 'The vehicle owner’s consent lacks the scope this read needs.',
  API_CREDENTIAL_INVALID:
    'The bearer secret is not a credential of this organization, or the person who created it no longer has an account or is no longer a member.',
  API_CREDENTIAL_REVOKED: 'The credential was revoked.',
  API_CREDENTIAL_EXPIRED: 'The credential is past its expiry.',
  AMBIGUOUS_AUTHENTICATION: 'Both a bearer credential and a session cookie were sent: send one.',
  API_CREDENTIAL_ADDRESS_REFUSED: 'The request came from an address the credential does not allow.',
  API_CREDENTIAL_SCOPE: 'The credential’s scope lacks the permission this operation needs (`message` names it).',
  API_CREDENTIAL_RATE_LIMITED: 'The credential’s rate is spent: wait `Retry-After` seconds (see the `RateLimit-*` headers).',
  WEBHOOK_TARGET_REFUSED:
    'The webhook URL is not one the console will send to (not https, credentials in it, or a private, loopback or link-local address); `fields` names `url`.',
  WEBHOOK_ENDPOINT_UNKNOWN: 'A rule names a webhook endpoint this organization does not have; `fields` names `webhookEndpointIds`.',
  WEBHOOK_ENDPOINT_DISABLED: 'The webhook endpoint is switched off: switch it on before a test event or a redelivery.',
  WEBHOOK_TIMESTAMP_OUT_OF_RANGE: 'An inbound webhook’s `webhook-timestamp` is more than five minutes from the console’s clock.',
  WEBHOOK_BODY_INVALID: 'An inbound webhook’s body is not JSON, or not an event envelope `{type, timestamp, data}`.',
  WEBHOOK_REPLAYED: 'An inbound webhook repeats a received `webhook-id` with its very headers (a replay): nothing changes.',
} as const satisfies Record<AppErrorCode, string>;

export type DocumentedErrorCode = { code: AppErrorCode; status: number; meaning: string };

/** Every code of the map with its HTTP status and meaning, by status then code. */
export function documentedErrorCodes(): DocumentedErrorCode[] {
  return (Object.keys(APP_ERROR_STATUS) as AppErrorCode[])
    .map((code) => ({ code, status: APP_ERROR_STATUS[code], meaning: MEANINGS[code] as string }))
    .sort((a, b) => a.status - b.status || a.code.localeCompare(b.code));
}
