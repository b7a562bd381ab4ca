import type { CachedToken } from './token-store';

/** The early-renewal margin never exceeds this, however long a token lives. */
export const MAX_RENEWAL_MARGIN_MS = 30_000;

/** The share of a token's own lifetime it is renewed early by, when that is less than the maximum. */
const LIFETIME_SHARE = 1 / 5;

/**
 * How long before its expiry a token is replaced: the smaller of `maxMarginMs` and a fifth of its
 * lifetime, so a 45 s token serves 36 s (a fixed 30 s margin left it 15 s and tripled the token
 * requests) and a one-hour token is renewed 30 s early. A token whose lifetime is not known (a
 * store that keeps no issue time) falls back to the maximum.
 */
export function renewalMarginMs(token: Pick<CachedToken, 'expiresAt' | 'obtainedAt'>, maxMarginMs = MAX_RENEWAL_MARGIN_MS): number {
  if (token.obtainedAt === undefined) return maxMarginMs;
  const lifetimeMs = Math.max(0, token.expiresAt - token.obtainedAt);
  return Math.min(maxMarginMs, lifetimeMs * LIFETIME_SHARE);
}

/** True while `token` may still be used at `now` rather than renewed. */
export function isTokenFresh(token: CachedToken | undefined, now: number, maxMarginMs = MAX_RENEWAL_MARGIN_MS): token is CachedToken {
  return token !== undefined && now + renewalMarginMs(token, maxMarginMs) < token.expiresAt;
}
