import 'server-only';
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { z } from 'zod';
import { CONSENT_MISSING, consentMissingMessage, consentScopeOf } from '@/lib/contract/consent-scopes';
import { API_PREFIX, REQUEST_ID_HEADER } from '@/lib/contract/vehicle-api';
import { countUpstreamCall, requestDeadline, type UpstreamDeadline } from './deadline';
import { parseErrorBody, parseRetryAfter, VehicleApiError } from './errors';
import { jsonLineLogger, redact, type VehicleApiLogger } from './log';
import type { Breaker } from './breaker';
import { DEFAULT_RETRY, retryDelayMs, shouldRetry, sleep as realSleep, type RetryOptions } from './retry';
import { tokenResponseSchema } from './schemas';
import { MAX_RENEWAL_MARGIN_MS } from './token-renewal';
import { createTokenManager, type TokenManager } from './token';
import { createMemoryTokenStore, type TokenStore } from './token-store';

const tracer = trace.getTracer('motorpool.vehicle-api');

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface ClientOptions {
  /** API root without `/v1`, e.g. `http://127.0.0.1:4010` or `http://localhost:3000/sandbox`. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  fetch: FetchLike;
  tokenStore?: TokenStore;
  /** Identifies the organization's token in the store; defaults to base URL + client id. */
  tokenCacheKey?: string;
  /** Per attempt. */
  timeoutMs?: number;
  /**
   * One call in total: token request, attempts and waits between them. Below a load balancer's
   * idle cut (often 30 s or 60 s), so the browser gets our error rather than a dropped connection.
   */
  deadlineMs?: number;
  retry?: Partial<RetryOptions>;
  logger?: VehicleApiLogger;
  /** Clock for token expiry (epoch ms). */
  now?: () => number;
  tokenRefreshSkewMs?: number;
  /** Pauses every call of one organization after a 429 with Retry-After or a run of failures. */
  breaker?: { breaker: Breaker; key: string };
  /** Identical GETs in flight at once share one upstream call; on unless set to false. */
  coalesceReads?: boolean;
  /** For tests: how the client waits between retries. */
  sleep?: (ms: number) => Promise<void>;
}

/** What every client function resolves to; `raw` is the exact JSON body for the support view. */
export interface ApiResponse<T> {
  data: T;
  raw: unknown;
  requestId?: string;
  status: number;
  durationMs: number;
}

export type Method = 'GET' | 'POST' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

export interface RequestSpec<S extends z.ZodType> {
  method: Method;
  /** Path template under the API root, e.g. `/v1/vehicles/{vehicleId}`. */
  path: string;
  params?: Record<string, string>;
  query?: Record<string, QueryValue>;
  body?: unknown;
  schema: S;
}

interface Exchange {
  status: number;
  raw: unknown;
  requestId?: string;
  durationMs: number;
}

interface AttemptResult {
  status: number;
  headers: Headers;
  text: string;
  /** The upstream's `X-Request-Id`, else the one we sent. */
  requestId: string;
  /** Set for a non-2xx answer. */
  error?: VehicleApiError;
}

const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_DEADLINE_MS = 20_000;
/** A retry is only started with at least this much (or the attempt time-out, if shorter) left before the deadline. */
const MIN_ATTEMPT_MS = 1_000;
/** The calls of a renewal on the first attempt (the 401, the token request, the repeat): always allowed. */
const RENEWAL_CALLS = 3;
const MAX_REMEMBERED_SECRETS = 9;
/** A token obtained this recently that meets a 401 was not refused for its age: the consent lacks the scope. */
const FRESH_TOKEN_MS = 60_000;
const MAX_REMEMBERED_TOKENS = 8;

/** Coalesced GETs in flight, per transport: separate sandboxes or upstreams never share. */
interface SharedRead {
  promise: Promise<Exchange>;
  callers: number;
}
const readsByTransport = new WeakMap<FetchLike, Map<string, SharedRead>>();

// Unique per process and cheap: a random prefix and a counter (randomUUID per call showed in profiles).
const REQUEST_ID_PREFIX = `mp-${crypto.randomUUID().slice(0, 8)}`;
let requestSeq = 0;
const nextRequestId = () => `${REQUEST_ID_PREFIX}-${(++requestSeq).toString(36)}`;

export function buildPath(template: string, params: Record<string, string> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`Missing path parameter ${name} for ${template}`);
    // encodeURIComponent keeps dots: `.` or `..` would become a dot segment and move the request.
    if (value === '.' || value === '..') throw new Error(`Refused path parameter ${name} for ${template}: a dot segment`);
    return encodeURIComponent(value);
  });
}

function buildQuery(query: Record<string, QueryValue> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function formatPath(path: PropertyKey[]): string {
  return (
    path.reduce<string>(
      (out, part) => (typeof part === 'number' ? `${out}[${part}]` : out ? `${out}.${String(part)}` : String(part)),
      '',
    ) || '(body)'
  );
}

function basicAuth(clientId: string, clientSecret: string): string {
  return `Basic ${Buffer.from(`${clientId}:${clientSecret}`, 'utf8').toString('base64')}`;
}

export interface Client {
  request<S extends z.ZodType>(spec: RequestSpec<S>): Promise<ApiResponse<z.infer<S>>>;
  tokens: TokenManager;
}

export function createClient(options: ClientOptions): Client {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const deadlineMs = options.deadlineMs ?? DEFAULT_DEADLINE_MS;
  const retry: RetryOptions = { ...DEFAULT_RETRY, ...options.retry };
  const logger = options.logger ?? jsonLineLogger;
  const now = options.now ?? Date.now;
  const wait = options.sleep ?? realSleep;
  const cacheKey = options.tokenCacheKey ?? `${baseUrl}|${options.clientId}`;
  const store = options.tokenStore ?? createMemoryTokenStore();
  // Values the logs must never show; only the latest tokens are kept, the list must not grow forever.
  const secrets: string[] = [options.clientSecret];
  const rememberSecret = (value: string) => {
    if (secrets.includes(value)) return;
    secrets.push(value);
    if (secrets.length > MAX_REMEMBERED_SECRETS) secrets.splice(1, 1);
  };
  // What this client knows of its bearer tokens: when it obtained one, whether a call succeeded with it.
  const tokenFacts = new Map<string, { obtainedAt?: number; worked?: boolean }>();
  const noteToken = (token: string, fact: { obtainedAt?: number; worked?: boolean }) => {
    tokenFacts.set(token, { ...tokenFacts.get(token), ...fact });
    if (tokenFacts.size > MAX_REMEMBERED_TOKENS) tokenFacts.delete(tokenFacts.keys().next().value!);
  };
  /**
   * A 401 on an endpoint that needs a consent scope, with a token that is known good (it worked
   * elsewhere, or was obtained a moment ago, or was just renewed), is the vehicle's consent lacking
   * the scope: renewing the organization's token would change nothing.
   */
  const isMissingConsent = (template: string, token: string, renewed: boolean) => {
    if (!consentScopeOf(template)) return false;
    const fact = tokenFacts.get(token);
    return renewed || fact?.worked === true || (fact?.obtainedAt !== undefined && now() - fact.obtainedAt < FRESH_TOKEN_MS);
  };
  let reads = readsByTransport.get(doFetch);
  if (!reads) {
    reads = new Map();
    readsByTransport.set(doFetch, reads);
  }
  const inflightReads = reads;

  /** One upstream attempt: timeout, request id, logging and its span. Throws only for no response at all. */
  async function attempt(
    method: Method,
    template: string,
    url: string,
    init: RequestInit,
    attemptNo: number,
    deadline: UpstreamDeadline,
  ): Promise<AttemptResult> {
    const endpoint = `${method} ${template}`;
    const outgoingId = nextRequestId();
    const left = deadline.at - performance.now();
    const cutByDeadline = left < timeoutMs;
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
                  message: `${endpoint} timed out after ${timeoutMs} ms`,
                }),
          );
        },
        Math.max(0, Math.min(timeoutMs, left)),
      );
    });
    // A no-op unless tracing is on (lib/ops/tracing.ts). Templates and ids only: no URL, header or body.
    // `finish` ends it and writes the log line, once per attempt, whatever the outcome.
    const span = tracer.startSpan(endpoint, {
      kind: SpanKind.CLIENT,
      attributes: { 'http.request.method': method, 'url.template': template, 'motorpool.upstream.attempt': attemptNo },
    });
    const finish = (status: number, requestId: string | undefined, errorCode?: string) => {
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
        (logger.enabled === undefined || logger.enabled()) &&
        logger(
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
            },
            secrets,
          ),
        )
      );
    };
    countUpstreamCall();
    try {
      const response = await Promise.race([doFetch(url, { ...init, headers, signal: controller.signal }), timedOut]);
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
      finish(0, outgoingId, 'NETWORK_ERROR');
      throw new VehicleApiError({
        code: 'NETWORK_ERROR',
        status: 0,
        endpoint,
        requestId: outgoingId,
        message: `${endpoint} failed before a response: ${error instanceof Error ? error.message : String(error)}`,
      });
    } finally {
      clearTimeout(timer);
    }
  }

  /** An attempt through the organization's breaker: refused while paused, and its outcome recorded. */
  async function guardedAttempt(...args: Parameters<typeof attempt>): Promise<AttemptResult> {
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
  }

  /** This call's own deadline, or the request's when that comes first. */
  function deadlineFrom(started: number): UpstreamDeadline {
    const request = requestDeadline();
    return request && request.at < started + deadlineMs ? request : { at: started + deadlineMs, ms: deadlineMs };
  }

  function deadlineError(endpoint: string, deadline: UpstreamDeadline, requestId?: string): VehicleApiError {
    return new VehicleApiError({
      code: 'UPSTREAM_DEADLINE',
      status: 0,
      endpoint,
      requestId,
      retryable: false,
      message: `${endpoint} did not complete within the ${deadline.ms} ms deadline of one request (token and retries included)`,
      details: { deadlineMs: deadline.ms },
    });
  }

  /** Bounds a wait this call does not own (a shared token request) by the call's deadline. */
  async function beforeDeadline<T>(work: Promise<T>, deadline: UpstreamDeadline, endpoint: string): Promise<T> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(deadlineError(endpoint, deadline)), Math.max(0, deadline.at - performance.now()));
    });
    try {
      return await Promise.race([work, expired]);
    } finally {
      clearTimeout(timer);
    }
  }

  function readJson(text: string): { ok: true; value: unknown } | { ok: false } {
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
   * Sends one logical call: the attempts, the 401 renewal, the retries of idempotent calls.
   * `auth` is the bearer token manager, or Basic credentials for the token endpoint.
   */
  async function exchange(
    method: Method,
    template: string,
    url: string,
    init: RequestInit,
    auth: 'bearer' | 'basic',
    idempotent: boolean,
  ): Promise<Exchange> {
    const endpoint = `${method} ${template}`;
    const started = performance.now();
    const deadline = deadlineFrom(started);
    let token = auth === 'bearer' ? await beforeDeadline(tokens.get(), deadline, endpoint) : undefined;
    let renewed = false;
    let failures = 0;
    // Upstream calls this logical call made, a renewal's token request included: retries stop at
    // `maxAttempts` of them, so one failing view costs the upstream at most that many calls.
    let calls = 0;
    let lastFailure: VehicleApiError | undefined;
    let giveUp = false;
    for (let attemptNo = 1; ; attemptNo++) {
      calls++;
      const headers: Record<string, string> = {
        ...(init.headers as Record<string, string> | undefined),
        Accept: 'application/json',
        Authorization: token ? `Bearer ${token}` : basicAuth(options.clientId, options.clientSecret),
      };
      if (token) rememberSecret(token);
      try {
        const result = await guardedAttempt(method, template, url, { ...init, headers }, attemptNo, deadline);
        if (result.status === 401 && token && isMissingConsent(template, token, renewed)) {
          const scope = consentScopeOf(template)!;
          throw new VehicleApiError({
            code: CONSENT_MISSING,
            status: 401,
            endpoint,
            requestId: result.error?.requestId ?? result.requestId,
            retryable: false,
            message: consentMissingMessage(scope),
            details: { scope, upstreamCode: result.error?.code },
            raw: result.error?.raw,
          });
        }
        if (result.status === 401 && token && !renewed) {
          // A renewal costs a token request and a repeat; after earlier failures they may not fit, and
          // the failure that started the retries is the one to report (the next call renews).
          if (calls + 2 > Math.max(RENEWAL_CALLS, retry.maxAttempts) && lastFailure) {
            giveUp = true;
            throw lastFailure;
          }
          // Expired or revoked early: one renewal, one repeat. A 401 means nothing was done, so this is safe for commands too.
          renewed = true;
          calls++;
          token = await beforeDeadline(tokens.renew(token), deadline, endpoint);
          continue;
        }
        if (result.error) throw result.error;
        if (token) noteToken(token, { worked: true });
        const json = readJson(result.text);
        const requestId = result.requestId;
        if (!json.ok) {
          throw new VehicleApiError({
            code: 'UPSTREAM_CONTRACT_MISMATCH',
            status: result.status,
            endpoint,
            requestId,
            retryable: false,
            message: `${endpoint} answered ${result.status} with a body that is not JSON (request id ${requestId ?? 'unknown'})`,
            // The token endpoint's body is credentials, however it is shaped: none of it goes into the error.
            details: { field: '(body)', ...(auth === 'basic' ? {} : { bodyStart: result.text.slice(0, 80) }) },
          });
        }
        return { status: result.status, raw: json.value, requestId, durationMs: Math.round((performance.now() - started) * 100) / 100 };
      } catch (error) {
        if (!(error instanceof VehicleApiError)) throw error;
        // A pause that began while this call was retrying: the failure that made it retry is the
        // answer (asking again after the pause would repeat calls this one already made).
        if (error.code === 'UPSTREAM_PAUSED' && lastFailure) {
          lastFailure.durationMs = Math.round((performance.now() - started) * 100) / 100;
          throw lastFailure;
        }
        failures++;
        lastFailure = error;
        const delay = retryDelayMs(failures, retry, error.retryAfterMs);
        const leftAfterDelay = deadline.at - performance.now() - delay;
        // An attempt the deadline would cut short costs the upstream a call and tells us nothing.
        if (giveUp || !shouldRetry(error, calls, idempotent, retry) || leftAfterDelay < Math.min(timeoutMs, MIN_ATTEMPT_MS)) {
          error.durationMs = Math.round((performance.now() - started) * 100) / 100;
          throw error;
        }
        await wait(delay);
      }
    }
  }

  const tokens = createTokenManager({
    store,
    key: cacheKey,
    now,
    refreshSkewMs: options.tokenRefreshSkewMs ?? MAX_RENEWAL_MARGIN_MS,
    async endpoint(form) {
      const template = `${API_PREFIX}/oauth2/token`;
      const result = await exchange(
        'POST',
        template,
        `${baseUrl}${template}`,
        { method: 'POST', body: new URLSearchParams(form).toString(), headers: { 'Content-Type': 'application/x-www-form-urlencoded' } },
        'basic',
        // Asking for a token twice has no effect beyond the token, unlike other POSTs.
        true,
      );
      const parsed = parseWith(tokenResponseSchema, result, `POST ${template}`, { keepRaw: false });
      rememberSecret(parsed.access_token);
      noteToken(parsed.access_token, { obtainedAt: now() });
      if (parsed.refresh_token) rememberSecret(parsed.refresh_token);
      return parsed;
    },
  });

  /** `keepRaw: false` for a body that holds secrets (the token endpoint's): the error then carries no part of it. */
  function parseWith<S extends z.ZodType>(schema: S, result: Exchange, endpoint: string, { keepRaw = true } = {}): z.infer<S> {
    const parsed = schema.safeParse(result.raw);
    if (parsed.success) return parsed.data;
    const issues = parsed.error.issues.map((issue) => ({ field: formatPath(issue.path), message: issue.message, code: issue.code }));
    const first = issues[0];
    throw new VehicleApiError({
      code: 'UPSTREAM_CONTRACT_MISMATCH',
      status: result.status,
      endpoint,
      requestId: result.requestId,
      retryable: false,
      // A 2xx that does not parse may still have done something (a command accepted): callers read what they can.
      raw: keepRaw ? result.raw : undefined,
      message: `${endpoint} returned a body that does not match the contract at "${first?.field}": ${first?.message} (request id ${result.requestId ?? 'unknown'})`,
      details: { field: first?.field, issues },
    });
  }

  async function request<S extends z.ZodType>(spec: RequestSpec<S>): Promise<ApiResponse<z.infer<S>>> {
    const endpoint = `${spec.method} ${spec.path}`;
    const url = `${baseUrl}${buildPath(spec.path, spec.params)}${buildQuery(spec.query)}`;
    const init: RequestInit = { method: spec.method };
    if (spec.body !== undefined) {
      init.body = JSON.stringify(spec.body);
      init.headers = { 'Content-Type': 'application/json' };
    }
    const idempotent = spec.method === 'GET';
    let result: Exchange;
    let shared = false;
    if (idempotent && options.coalesceReads !== false) {
      const key = `${cacheKey}\n${url}`;
      let flight = inflightReads.get(key);
      const joined = flight !== undefined;
      if (flight) flight.callers++;
      else {
        const entry: SharedRead = { callers: 1, promise: exchange(spec.method, spec.path, url, init, 'bearer', true) };
        entry.promise.then(
          () => inflightReads.delete(key),
          () => inflightReads.delete(key),
        );
        inflightReads.set(key, entry);
        flight = entry;
      }
      try {
        // A caller joining another request's call still answers by its own deadline.
        result = joined ? await beforeDeadline(flight.promise, deadlineFrom(performance.now()), endpoint) : await flight.promise;
      } catch (error) {
        throw flight.callers > 1 && error instanceof VehicleApiError ? error.clone() : error;
      }
      // No caller can join once the flight settled, so the count is final here.
      shared = flight.callers > 1;
    } else {
      result = await exchange(spec.method, spec.path, url, init, 'bearer', idempotent);
    }
    // Each caller of a shared call gets its own copy: one caller's edits never leak into another's.
    const raw = shared ? structuredClone(result.raw) : result.raw;
    const data = parseWith(spec.schema, { ...result, raw }, endpoint);
    return { data, raw, requestId: result.requestId, status: result.status, durationMs: result.durationMs };
  }

  return { request, tokens };
}
