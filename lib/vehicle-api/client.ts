import 'server-only';
import type { z } from 'zod';
import { API_PREFIX } from '@/lib/contract/vehicle-api';
import { createAttempt, readJson, type FetchLike, type Method } from './attempt';
import { beforeDeadline, deadlineFrom } from './deadline';
import { VehicleApiError } from './errors';
import { jsonLineLogger, type VehicleApiLogger } from './log';
import { createConsentRecognizer } from './missing-consent';
import type { Breaker } from './breaker';
import { DEFAULT_RETRY, retryDelayMs, shouldRetry, sleep as realSleep, type RetryOptions } from './retry';
import { tokenResponseSchema } from './schemas';
import { MAX_RENEWAL_MARGIN_MS } from './token-renewal';
import { createTokenManager, type TokenManager } from './token';
import { createMemoryTokenStore, type TokenStore } from './token-store';
import { sharedReadScope, type SharedReadStore } from './shared-reads';

export type { FetchLike, Method } from './attempt';

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
  /**
   * GETs made inside `withSharedReads` (a vehicle section a person reads) are shared with other
   * instances through this store: a body another instance read within the freshness window
   * answers, and one instance calls while the others wait for its body. Needs `coalesceReads`.
   */
  sharedReads?: SharedReadStore;
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

const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_DEADLINE_MS = 20_000;
/** A retry is only started with at least this much (or the attempt time-out, if shorter) left before the deadline. */
const MIN_ATTEMPT_MS = 1_000;
/** The calls of a renewal on the first attempt (the 401, the token request, the repeat): always allowed. */
const RENEWAL_CALLS = 3;
const MAX_REMEMBERED_SECRETS = 9;

/** Coalesced GETs in flight, per transport: separate sandboxes or upstreams never share. */
interface SharedRead {
  promise: Promise<Exchange>;
  callers: number;
}
const readsByTransport = new WeakMap<FetchLike, Map<string, SharedRead>>();

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
  const consent = createConsentRecognizer(now);
  let reads = readsByTransport.get(options.fetch);
  if (!reads) {
    reads = new Map();
    readsByTransport.set(options.fetch, reads);
  }
  const inflightReads = reads;

  const guardedAttempt = createAttempt({ fetch: options.fetch, timeoutMs, logger, secrets, breaker: options.breaker });

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
    const deadline = deadlineFrom(started, deadlineMs);
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
        const missingConsent = token && consent.missingConsentOf(result, template, endpoint, token, renewed);
        if (missingConsent) throw missingConsent;
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
        if (token) consent.noteToken(token, { worked: true });
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
      consent.noteToken(parsed.access_token, { obtainedAt: now() });
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
      const sharing = options.sharedReads?.enabled() ? sharedReadScope() : undefined;
      // A read that may be answered from another instance's body, a forced one, and a plain one
      // never join each other's flight: each promises its caller something different.
      const mode = sharing ? (sharing.force ? 'forced' : `shared ${sharing.maxAgeMs}`) : 'direct';
      const key = `${cacheKey}\n${url}`;
      const flightKey = `${key}\n${mode}`;
      let flight = inflightReads.get(flightKey);
      const joined = flight !== undefined;
      if (flight) flight.callers++;
      else {
        const call = () => exchange(spec.method, spec.path, url, init, 'bearer', true);
        const promise: Promise<Exchange> =
          sharing && options.sharedReads
            ? sharedExchange(options.sharedReads, { key: `${spec.method} ${key}`, vehicleId: spec.params?.vehicleId }, sharing, call)
            : call();
        const entry: SharedRead = { callers: 1, promise };
        entry.promise.then(
          () => inflightReads.delete(flightKey),
          () => inflightReads.delete(flightKey),
        );
        inflightReads.set(flightKey, entry);
        flight = entry;
      }
      try {
        // A caller joining another request's call still answers by its own deadline.
        result = joined
          ? await beforeDeadline(flight.promise, deadlineFrom(performance.now(), deadlineMs), endpoint)
          : await flight.promise;
      } catch (error) {
        throw flight.callers > 1 && error instanceof VehicleApiError ? error.clone() : error;
      }
      // No caller can join once the flight settled, so the count is final here.
      shared = flight.callers > 1;
    } else {
      result = await exchange(spec.method, spec.path, url, init, 'bearer', idempotent);
      // A write may change what the vehicle's sections read: their shared bodies are not answered any more.
      if (!idempotent && options.sharedReads?.enabled()) await options.sharedReads.forget(spec.params?.vehicleId);
    }
    // Each caller of a shared call gets its own copy: one caller's edits never leak into another's.
    const raw = shared ? structuredClone(result.raw) : result.raw;
    const data = parseWith(spec.schema, { ...result, raw }, endpoint);
    return { data, raw, requestId: result.requestId, status: result.status, durationMs: result.durationMs };
  }

  /** One read through the instances' shared store; `durationMs` is this read's, however it was answered. */
  async function sharedExchange(
    store: SharedReadStore,
    request: { key: string; vehicleId?: string },
    scope: { maxAgeMs: number; force: boolean },
    call: () => Promise<Exchange>,
  ): Promise<Exchange> {
    const started = performance.now();
    const deadline = deadlineFrom(started, deadlineMs);
    const body = await store.read(request, { ...scope, deadline }, async () => {
      const result = await call();
      return { status: result.status, raw: result.raw, requestId: result.requestId };
    });
    return {
      status: body.status,
      raw: body.raw,
      requestId: body.requestId,
      durationMs: Math.round((performance.now() - started) * 100) / 100,
    };
  }

  return { request, tokens };
}
