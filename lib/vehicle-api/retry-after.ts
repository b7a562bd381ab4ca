/**
 * The longest pause a `Retry-After` can ask for: a day, the longest budget window the vendor uses.
 * A longer (or endless) one would pause an organization's calls for years, and a pause past the
 * dates JavaScript can write failed every call after it with a RangeError.
 */
export const MAX_RETRY_AFTER_MS = 24 * 60 * 60_000;

/** Parses a `Retry-After` header (seconds or an HTTP date) into milliseconds, at most a day. */
export function parseRetryAfter(header: string | null, nowMs: number): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  const ms = /^\d+(\.\d+)?$/.test(trimmed) ? Math.round(Number(trimmed) * 1000) : Date.parse(trimmed) - nowMs;
  return Number.isNaN(ms) ? undefined : Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms));
}
