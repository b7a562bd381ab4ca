import 'server-only';
import { decode } from 'next-auth/jwt';
import { cookies } from 'next/headers';
import { cache } from 'react';
import { getDb } from '@/lib/db';
import { getSessionState } from '@/lib/db/repos/sessions';
import { env, publicOriginIsHttps } from '@/lib/env';
import { getAuthSecret } from '@/lib/crypto/auth-secret';
import { noteSessionSeen } from './server/session-activity';
import { createSessionTokenReader, sessionIsCurrent, type SessionClaims } from './session-token';

export interface SessionUser {
  id: string;
  email: string;
  name: string | null;
}

let reader: ReturnType<typeof createSessionTokenReader> | undefined;

/** Absolute session lifetime in seconds, counted from sign-in (`SESSION_MAX_AGE_HOURS`). */
export function sessionMaxAgeSeconds(): number {
  return env().SESSION_MAX_AGE_HOURS * 60 * 60;
}

/** The claims of the session token among `cookies`; null when signed out or past the absolute lifetime. */
export function sessionClaimsFrom(cookieList: readonly { name: string; value: string }[]): Promise<SessionClaims | null> {
  reader ??= createSessionTokenReader((token) => decode({ token, secret: getAuthSecret() }), undefined, sessionMaxAgeSeconds(), {
    secure: publicOriginIsHttps(),
  });
  return reader.session(cookieList);
}

/**
 * The claims of this request's session token (user, session id, session version), without a
 * database read; null when signed out or past the absolute lifetime. The cookie is decoded
 * directly: next-auth's getServerSession would also re-encode a cookie that a server component
 * or route cannot set. Whether the session was ended since is checked by the callers below and
 * by loadOrgAccess (folded into its membership query).
 */
export const getSessionClaims = cache(async (): Promise<SessionClaims | null> => sessionClaimsFrom((await cookies()).getAll()));

/**
 * The signed-in user of this request, or null. The user and the session's state are read from
 * the database each time (one query), so a deleted or disabled user's, a signed-out session's or
 * an outdated session version's still-valid JWT opens nothing. Deduplicated within one render.
 */
export const getSessionUser = cache(async (): Promise<SessionUser | null> => {
  const claims = await getSessionClaims();
  if (!claims) return null;
  const state = await getSessionState(getDb(), claims.userId, claims.sid);
  if (!state || !sessionIsCurrent(claims, state)) return null;
  noteSessionSeen(claims.sid);
  return state.user;
});

/** The id of the signed-in user of a current session, or null (see getSessionUser). */
export const getSessionUserId = cache(async (): Promise<string | null> => (await getSessionUser())?.id ?? null);
