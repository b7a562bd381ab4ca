import 'server-only';
import type { VehicleApiError } from './errors';

export interface RetryOptions {
  /** Attempts in total, the first included; 1 disables retries. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryOptions = { maxAttempts: 3, baseDelayMs: 200, maxDelayMs: 5_000 };

/**
 * Only idempotent calls are ever repeated: a repeated command is a repeated physical action, so
 * POST and DELETE fail on the first error however transient it looks.
 */
export function shouldRetry(error: VehicleApiError, attempt: number, idempotent: boolean, options: RetryOptions): boolean {
  if (!idempotent || attempt >= options.maxAttempts) return false;
  if (!(error.code === 'NETWORK_ERROR' || error.code === 'TIMEOUT' || error.status === 429 || error.status >= 500)) return false;
  // Waiting longer than our cap would hold the caller's request hostage; the error carries retryAfterMs instead.
  return error.retryAfterMs === undefined || error.retryAfterMs <= options.maxDelayMs;
}

/** Capped exponential backoff with full jitter; a Retry-After from the upstream wins. */
export function retryDelayMs(attempt: number, options: RetryOptions, retryAfterMs?: number, random: () => number = Math.random): number {
  if (retryAfterMs !== undefined) return Math.min(retryAfterMs, options.maxDelayMs);
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
