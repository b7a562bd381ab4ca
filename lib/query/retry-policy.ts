import { ApiClientError } from './api-fetch';

/** Longer than this, the person is better served by the error and its time than by a silent wait. */
const MAX_WAIT_SECONDS = 30;

/**
 * The browser repeats a failed query only when the server marked the failure retryable: the
 * server has already made its own upstream retries, so anything else would multiply them. A 4xx
 * is never repeated, nor a failure without an answer from the server, and only once at most.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (!(error instanceof ApiClientError) || !error.retryable) return false;
  if (error.status < 500) return false;
  if ((error.retryAfterSeconds ?? 0) > MAX_WAIT_SECONDS) return false;
  return failureCount < 1;
}

/** The wait the server asked for, else a short backoff. */
export function queryRetryDelayMs(failureCount: number, error: unknown): number {
  if (error instanceof ApiClientError && error.retryAfterSeconds !== undefined) return error.retryAfterSeconds * 1000;
  return Math.min(1000 * 2 ** failureCount, 10_000);
}
