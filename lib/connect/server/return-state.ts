import 'server-only';
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { getAuthSecret } from '@/lib/crypto/auth-secret';
import { appUrl } from '@/lib/env';

/**
 * The `state` of a consent link's return URL: an HMAC of the link id under a key derived from the
 * auth secret. Only the upstream and the person it redirects see it, so a visit carrying a valid
 * state comes from the consent flow of that link, not from someone who read a link id elsewhere
 * (ids appear in the console and the audit trail).
 */
const INFO = 'motorpool consent-return state v1';

function keyOf(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'motorpool', INFO, 32));
}

export function createReturnState(secret: string) {
  const key = keyOf(secret);
  const sign = (linkId: string) => createHmac('sha256', key).update(linkId).digest('base64url');
  return {
    sign,
    verify(linkId: string, state: string | undefined): boolean {
      if (!state) return false;
      const expected = Buffer.from(sign(linkId));
      const given = Buffer.from(state);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

let cached: ReturnType<typeof createReturnState> | undefined;
export function returnState() {
  cached ??= createReturnState(getAuthSecret());
  return cached;
}

/** Motorpool's own landing page; never taken from input. */
export function returnUrlFor(linkId: string): string {
  const url = new URL('/connect/return', appUrl());
  url.searchParams.set('link', linkId);
  url.searchParams.set('state', returnState().sign(linkId));
  return url.toString();
}
