import type { JWT } from 'next-auth/jwt';
import type { SessionState } from '@/lib/db/repos/sessions';

/**
 * The session cookie's name (lib/auth/options.ts gives it to next-auth): `__Host-` on https,
 * which a browser takes only from this very host over https, without a Domain (a sibling
 * subdomain cannot plant one, as it can a `__Secure-` cookie); the plain name on http. Split
 * into `.0`, `.1`… when over 4 kB.
 */
export const SECURE_SESSION_COOKIE = '__Host-next-auth.session-token';
const SECURE_COOKIE = SECURE_SESSION_COOKIE;
const PLAIN_COOKIE = 'next-auth.session-token';
const MAX_CACHED = 1_000;

type Cookie = { name: string; value: string };

/** What a request needs from its session token: who, which session, and which session version. */
export type SessionClaims = { userId: string; sid: string; sessionVersion: number; signedInAt: number };
type Decoded = { claims: SessionClaims | null; expiresAt: number };
type CookieOptions = { secure?: boolean };

/**
 * The claims of a decoded token, or null when one is missing: a token issued before sessions
 * could be ended (no `sid`, `sv`, `sat`) is treated as signed out.
 */
export function sessionClaimsOf(token: JWT | null | undefined): SessionClaims | null {
  if (!token) return null;
  const { uid, sid, sv, sat } = token;
  if (typeof uid !== 'string' || typeof sid !== 'string' || typeof sv !== 'number' || typeof sat !== 'number') return null;
  return { userId: uid, sid, sessionVersion: sv, signedInAt: sat };
}

/** When a session signed in at `signedInAt` (seconds) ends, in milliseconds: no renewal moves it. */
export function absoluteExpiry(signedInAt: number, maxAgeSeconds: number): number {
  return (signedInAt + maxAgeSeconds) * 1000;
}

/**
 * The session token under exactly the name next-auth writes for this origin: on https only the
 * `__Host-` cookie (which a browser accepts only from this host's secure pages), so a cookie
 * planted over http or from a sibling domain can never fix someone's session.
 */
export function sessionTokenFrom(cookies: readonly Cookie[], { secure = false }: CookieOptions = {}): string | null {
  const name = secure ? SECURE_COOKIE : PLAIN_COOKIE;
  const whole = cookies.find((c) => c.name === name);
  if (whole) return whole.value;
  const chunks = cookies
    .filter((c) => c.name.startsWith(`${name}.`) && /^\d+$/.test(c.name.slice(name.length + 1)))
    .sort((a, b) => Number(a.name.slice(name.length + 1)) - Number(b.name.slice(name.length + 1)));
  return chunks.length ? chunks.map((c) => c.value).join('') : null;
}

/**
 * Reads the session claims from the session cookie. Decrypting the token (AES-GCM with a key
 * derived per call) is the costly part of every API request, so results are kept per exact token
 * string: the same bytes decrypt to the same claims, and expiry is checked again on every use.
 * A token ends at its `exp` or at the absolute lifetime counted from sign-in, whichever is first.
 * Whether the session was ended since (sign-out, session version) is the caller's check.
 */
export function createSessionTokenReader(
  decodeToken: (token: string) => Promise<JWT | null>,
  now = () => Date.now(),
  maxAgeSeconds = 12 * 60 * 60,
  cookieOptions: CookieOptions = {},
) {
  const decoded = new Map<string, Decoded>();

  async function decodeOnce(token: string): Promise<Decoded> {
    try {
      const jwt = await decodeToken(token);
      const claims = sessionClaimsOf(jwt);
      const exp = typeof jwt?.exp === 'number' ? jwt.exp * 1000 : 0;
      return { claims, expiresAt: claims ? Math.min(exp, absoluteExpiry(claims.signedInAt, maxAgeSeconds)) : 0 };
    } catch {
      return { claims: null, expiresAt: 0 };
    }
  }

  async function session(cookies: readonly Cookie[]): Promise<SessionClaims | null> {
    const token = sessionTokenFrom(cookies, cookieOptions);
    if (!token) return null;
    let entry = decoded.get(token);
    if (!entry) {
      entry = await decodeOnce(token);
      if (entry.claims && entry.expiresAt > now()) {
        if (decoded.size >= MAX_CACHED) decoded.delete(decoded.keys().next().value as string);
        decoded.set(token, entry);
      }
    }
    if (entry.expiresAt <= now()) {
      decoded.delete(token);
      return null;
    }
    return entry.claims;
  }

  return {
    session,
    async userId(cookies: readonly Cookie[]): Promise<string | null> {
      return (await session(cookies))?.userId ?? null;
    },
  };
}

/** Whether a session whose token carries `claims` is still open. */
export function sessionIsCurrent(claims: SessionClaims, state: SessionState | undefined): boolean {
  return !!state && !state.revoked && state.disabledAt === null && state.sessionVersion === claims.sessionVersion;
}
