import type { JWT } from 'next-auth/jwt';

/** next-auth's session cookie: `__Secure-` on https, the plain name on http; split into `.0`, `.1`… when over 4 kB. */
const SECURE_COOKIE = '__Secure-next-auth.session-token';
const PLAIN_COOKIE = 'next-auth.session-token';
const MAX_CACHED = 1_000;

type Cookie = { name: string; value: string };
type Decoded = { userId: string | null; expiresAt: number };
type CookieOptions = { secure?: boolean };

/**
 * The session token under exactly the name next-auth writes for this origin: on https only the
 * `__Secure-` cookie (which a browser accepts only from a secure page), so a plain-named cookie
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
 * Reads the user id from the session cookie. Decrypting the token (AES-GCM with a key derived per
 * call) is the costly part of every API request, so results are kept per exact token string: the
 * same bytes decrypt to the same claims, and expiry is checked again on every use.
 */
export function createSessionTokenReader(decodeToken: (token: string) => Promise<JWT | null>, now = () => Date.now(), cookieOptions: CookieOptions = {}) {
  const decoded = new Map<string, Decoded>();

  async function decodeOnce(token: string): Promise<Decoded> {
    try {
      const claims = await decodeToken(token);
      const userId = typeof claims?.uid === 'string' ? claims.uid : null;
      const expiresAt = typeof claims?.exp === 'number' ? claims.exp * 1000 : 0;
      return { userId, expiresAt };
    } catch {
      return { userId: null, expiresAt: 0 };
    }
  }

  return {
    async userId(cookies: readonly Cookie[]): Promise<string | null> {
      const token = sessionTokenFrom(cookies, cookieOptions);
      if (!token) return null;
      let entry = decoded.get(token);
      if (!entry) {
        entry = await decodeOnce(token);
        if (entry.userId && entry.expiresAt > now()) {
          if (decoded.size >= MAX_CACHED) decoded.delete(decoded.keys().next().value as string);
          decoded.set(token, entry);
        }
      }
      if (entry.expiresAt <= now()) {
        decoded.delete(token);
        return null;
      }
      return entry.userId;
    },
  };
}
