import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import { VehicleApiError } from './errors';

/** A BFF request's deadline for its Vehicle API calls: `at` on the `performance.now()` clock, `ms` its length. */
export interface UpstreamDeadline {
  at: number;
  ms: number;
}

/** The request's deadline and what it has cost the upstream so far (HTTP calls, token requests included). */
interface RequestUpstream extends UpstreamDeadline {
  calls: number;
}

// On globalThis: the per-org client is shared across route bundles, each with its own copy of this module.
const KEY = Symbol.for('motorpool.upstreamDeadline');
const storage = ((globalThis as typeof globalThis & { [KEY]?: AsyncLocalStorage<RequestUpstream> })[KEY] ??=
  new AsyncLocalStorage<RequestUpstream>());

/**
 * Runs `work` under one deadline shared by every Vehicle API call it makes, however many (pages,
 * several sections), counted from `startedAt` (the request's arrival).
 */
export function withUpstreamDeadline<T>(ms: number, work: () => Promise<T>, startedAt = performance.now()): Promise<T> {
  return storage.run({ at: startedAt + ms, ms, calls: 0 }, work);
}

/** Counts one HTTP call to the upstream against the request being served (if any). */
export function countUpstreamCall(): void {
  const request = storage.getStore();
  if (request) request.calls++;
}

/** The upstream calls the request being served has made so far, or undefined outside a request. */
export const upstreamCallsOfRequest = (): number | undefined => storage.getStore()?.calls;

/** The deadline of the request being served, when one was set. */
export const requestDeadline = (): UpstreamDeadline | undefined => storage.getStore();

/** This call's own deadline, or the request's when that comes first. */
export function deadlineFrom(started: number, deadlineMs: number): UpstreamDeadline {
  const request = requestDeadline();
  return request && request.at < started + deadlineMs ? request : { at: started + deadlineMs, ms: deadlineMs };
}

/** The error of a call whose deadline ran out before it completed. */
export function deadlineError(endpoint: string, deadline: UpstreamDeadline, requestId?: string): VehicleApiError {
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
export async function beforeDeadline<T>(work: Promise<T>, deadline: UpstreamDeadline, endpoint: string): Promise<T> {
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
