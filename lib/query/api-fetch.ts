import { signInUrlFor } from '@/lib/auth/callback-url';

/** Browser side of the BFF: one fetch that turns error bodies into `ApiClientError`. */
export class ApiClientError extends Error {
  readonly status: number;
  readonly code: string;
  /** This console request's id (the `x-request-id` header's). */
  readonly requestId?: string;
  /** The Vehicle API request the error came from, when it came from one. */
  readonly upstreamRequestId?: string;
  /** Messages by field path (`a.b.0`), for a form to show each under its field. */
  readonly fields?: Record<string, string[]>;
  readonly retryAfterSeconds?: number;
  /** The server says repeating this request may help and costs no repeated upstream work. */
  readonly retryable: boolean;
  readonly details?: unknown;

  constructor(
    status: number,
    body: {
      code?: string;
      message?: string;
      requestId?: string;
      upstreamRequestId?: string;
      fields?: readonly { path: string; message: string }[];
      retryAfterSeconds?: number;
      retryable?: boolean;
      details?: unknown;
    },
  ) {
    super(body.message ?? `Request failed with status ${status}`);
    this.name = 'ApiClientError';
    this.status = status;
    this.code = body.code ?? 'UNKNOWN';
    this.requestId = body.requestId;
    this.upstreamRequestId = body.upstreamRequestId;
    this.fields = body.fields ? messagesByField(body.fields) : undefined;
    this.retryAfterSeconds = body.retryAfterSeconds;
    this.retryable = body.retryable === true;
    this.details = body.details;
  }
}

/** `vehicleIds[0]` → `vehicleIds.0`: a form's field names are dotted. */
function messagesByField(fields: readonly { path: string; message: string }[]): Record<string, string[]> {
  const byField: Record<string, string[]> = {};
  for (const { path, message } of fields) (byField[path.replace(/\[(\d+)\]/g, '.$1')] ??= []).push(message);
  return byField;
}

/** The session ended under an open page: sign in again, then come back to this very place. */
function toSignIn(): void {
  if (typeof window === 'undefined' || window.location.pathname === '/sign-in') return;
  const { pathname, search, hash } = window.location;
  window.location.assign(signInUrlFor(`${pathname}${search}${hash}`));
}

type ApiInit = RequestInit & { json?: unknown };

/**
 * A dangerous action refused for want of a step-up: the console's prompt asks the person to
 * confirm it is them, then the same request (same body, same idempotency key: the refusal came
 * before anything was done) goes once more. Cancelled, it fails with words saying nothing was done.
 */
async function afterStepUp<T>(path: string, init: ApiInit, refusal: ApiClientError): Promise<T> {
  const { askForStepUp, readStepUpRequest, STEP_UP_CANCELLED_MESSAGE, stepUpPromptMounted } = await import('./step-up');
  const request = readStepUpRequest(refusal.details, refusal.message);
  if (!request || !stepUpPromptMounted()) throw refusal;
  if (!(await askForStepUp(request))) {
    throw new ApiClientError(refusal.status, { code: refusal.code, message: STEP_UP_CANCELLED_MESSAGE, details: refusal.details });
  }
  return fetchOnce<T>(path, init);
}

export async function apiFetch<T>(path: string, init: ApiInit = {}): Promise<T> {
  try {
    return await fetchOnce<T>(path, init);
  } catch (error) {
    if (error instanceof ApiClientError && error.code === 'STEP_UP_REQUIRED') return afterStepUp<T>(path, init, error);
    throw error;
  }
}

async function fetchOnce<T>(path: string, init: ApiInit): Promise<T> {
  const { json, headers, ...rest } = init;
  const response = await fetch(path, {
    ...rest,
    headers: { Accept: 'application/json', ...(json !== undefined ? { 'Content-Type': 'application/json' } : {}), ...headers },
    body: json !== undefined ? JSON.stringify(json) : rest.body,
    credentials: 'same-origin',
  });
  const text = await response.text();
  let payload: unknown;
  try {
    payload = text ? JSON.parse(text) : undefined;
  } catch {
    payload = undefined;
  }
  if (!response.ok) {
    const body = (payload as { error?: ConstructorParameters<typeof ApiClientError>[1] } | undefined)?.error ?? {};
    if (response.status === 401 && body.code === 'UNAUTHENTICATED') toSignIn();
    throw new ApiClientError(response.status, body);
  }
  return payload as T;
}
