import 'server-only';
import { cookies } from 'next/headers';
import { z } from 'zod';
import { decryptSecret, encryptSecret } from '@/lib/crypto/secret-box';
import { publicOriginIsHttps } from '@/lib/env';

/**
 * A single sign-on interrupted for the second factor: the identity provider vouched for the
 * person, but their account has a second factor, so no session is issued yet. The server seals
 * who it was (the account and the identity bound to it) into a short-lived httpOnly cookie, and the
 * sign-in page's code (or passkey) step finishes it through the credentials provider
 * (lib/auth/sign-in.ts `authorizeSsoSecondFactor`). Sealed with the secret box, so a browser can
 * neither read nor forge it; without the right code it opens nothing.
 */
const PENDING_COOKIE = 'motorpool.sso-second-factor';
export const SSO_SECOND_FACTOR_LIFETIME_SECONDS = 5 * 60;
const CONTEXT = { table: 'sso_second_factor', column: 'cookie', row: 'pending' };
const pendingSchema = z.object({ uid: z.string().min(1), iss: z.string().min(1), sub: z.string().min(1), exp: z.number() });

export interface PendingSsoSignIn {
  userId: string;
  issuer: string;
  subject: string;
}

export function sealPendingSsoSignIn(pending: PendingSsoSignIn, now = Date.now()): string {
  const body = { uid: pending.userId, iss: pending.issuer, sub: pending.subject, exp: now + SSO_SECOND_FACTOR_LIFETIME_SECONDS * 1000 };
  return encryptSecret(JSON.stringify(body), CONTEXT);
}

/** The interrupted sign-in a sealed cookie names, while it is fresh; undefined for anything else. */
export function openPendingSsoSignIn(sealed: string | undefined, now = Date.now()): PendingSsoSignIn | undefined {
  if (!sealed) return undefined;
  try {
    const pending = pendingSchema.parse(JSON.parse(decryptSecret(sealed, CONTEXT)));
    return pending.exp > now ? { userId: pending.uid, issuer: pending.iss, subject: pending.sub } : undefined;
  } catch {
    return undefined;
  }
}

/** Sets the cookie on this response (the identity provider's callback, a route handler). */
export async function setPendingSsoCookie(pending: PendingSsoSignIn): Promise<void> {
  (await cookies()).set(PENDING_COOKIE, sealPendingSsoSignIn(pending), {
    httpOnly: true,
    sameSite: 'lax',
    secure: publicOriginIsHttps(),
    // Only next-auth's routes read it: the code step posts to /api/auth/callback/credentials.
    path: '/api/auth',
    maxAge: SSO_SECOND_FACTOR_LIFETIME_SECONDS,
  });
}

/** The interrupted single sign-on of this request's browser, if any and still fresh. */
export async function pendingSsoOfRequest(): Promise<PendingSsoSignIn | undefined> {
  try {
    return openPendingSsoSignIn((await cookies()).get(PENDING_COOKIE)?.value);
  } catch {
    return undefined; // outside a request: nothing is pending
  }
}

/** Ends the interrupted sign-in once its second factor was proved. */
export async function clearPendingSsoCookie(): Promise<void> {
  try {
    (await cookies()).delete({ name: PENDING_COOKIE, path: '/api/auth' });
  } catch {
    // Outside a route handler the jar is read-only; the cookie expires within minutes anyway.
  }
}

/**
 * Where the browser asked to go after single sign-on (next-auth's callback-url cookie), so the code
 * step can go on there; the sign-in form follows only a path on this origin (lib/auth/callback-url.ts).
 */
export async function ssoCallbackUrlOfRequest(): Promise<string | undefined> {
  try {
    const jar = await cookies();
    return (jar.get('__Secure-next-auth.callback-url') ?? jar.get('next-auth.callback-url'))?.value || undefined;
  } catch {
    return undefined;
  }
}
