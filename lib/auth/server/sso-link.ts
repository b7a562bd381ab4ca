import 'server-only';
import { cookies } from 'next/headers';
import { z } from 'zod';
import { decryptSecret, encryptSecret } from '@/lib/crypto/secret-box';
import { env, publicOriginIsHttps } from '@/lib/env';
import { getSessionUser } from '../session';

/**
 * Linking single sign-on from the account page: the signed-in person asks, the server seals
 * "this person is linking" into a short-lived cookie, and the identity provider's answer binds to
 * that person (lib/auth/sign-in.ts `admitOidcUser`, `linkingUserId`) even where a link set the
 * password: signing in with it was the proof.
 */
const SSO_LINK_COOKIE = 'motorpool.sso-link';
const LINK_LIFETIME_SECONDS = 10 * 60;
const CONTEXT = { table: 'sso_link', column: 'cookie', row: 'intent' };
const intentSchema = z.object({ uid: z.string().min(1), exp: z.number() });

/** The identity provider's issuer as configured (without a trailing slash): the issuer identities are bound under. */
export function configuredOidcIssuer(): string | undefined {
  return env().OIDC_ISSUER?.replace(/\/+$/, '');
}

export function sealLinkIntent(userId: string, now = Date.now()): string {
  return encryptSecret(JSON.stringify({ uid: userId, exp: now + LINK_LIFETIME_SECONDS * 1000 }), CONTEXT);
}

/** The person a sealed intent names, while it is fresh; undefined for anything else. */
export function openLinkIntent(sealed: string | undefined, now = Date.now()): string | undefined {
  if (!sealed) return undefined;
  try {
    const intent = intentSchema.parse(JSON.parse(decryptSecret(sealed, CONTEXT)));
    return intent.exp > now ? intent.uid : undefined;
  } catch {
    return undefined;
  }
}

/** Sets the intent cookie on this response (a route handler's). */
export async function setLinkIntentCookie(userId: string): Promise<void> {
  (await cookies()).set(SSO_LINK_COOKIE, sealLinkIntent(userId), {
    httpOnly: true,
    // Lax: the identity provider's redirect back is a top-level navigation, which carries it.
    sameSite: 'lax',
    secure: publicOriginIsHttps(),
    path: '/api/auth',
    maxAge: LINK_LIFETIME_SECONDS,
  });
}

/**
 * The person linking single sign-on in this request (the identity provider's callback): the
 * intent cookie names them and this browser is still signed in as them. Used once.
 */
export async function linkingUserOfRequest(): Promise<string | undefined> {
  let jar: Awaited<ReturnType<typeof cookies>>;
  try {
    jar = await cookies();
  } catch {
    return undefined; // outside a request: nobody is linking
  }
  const uid = openLinkIntent(jar.get(SSO_LINK_COOKIE)?.value);
  if (!uid) return undefined;
  try {
    jar.delete({ name: SSO_LINK_COOKIE, path: '/api/auth' });
  } catch {
    // Outside a route handler the jar is read-only; the cookie expires within minutes anyway.
  }
  const signedIn = await getSessionUser();
  return signedIn?.id === uid ? uid : undefined;
}
