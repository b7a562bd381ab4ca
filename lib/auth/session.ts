import 'server-only';
import { decode } from 'next-auth/jwt';
import { cookies } from 'next/headers';
import { cache } from 'react';
import { getDb } from '@/lib/db';
import { findUserById } from '@/lib/db/repos/users';
import { publicOriginIsHttps } from '@/lib/env';
import { getAuthSecret } from './secret';
import { createSessionTokenReader } from './session-token';

export interface SessionUser {
  id: string;
  email: string;
  name: string | null;
}

let reader: ReturnType<typeof createSessionTokenReader> | undefined;

/**
 * The user id in this request's session token, without a database read; null when signed out.
 * The cookie is decoded directly: next-auth's getServerSession would also re-encode a cookie that
 * a server component or route cannot set (sessions last a fixed 12 hours from sign-in).
 */
export const getSessionUserId = cache(async (): Promise<string | null> => {
  reader ??= createSessionTokenReader((token) => decode({ token, secret: getAuthSecret() }), undefined, { secure: publicOriginIsHttps() });
  return reader.userId((await cookies()).getAll());
});

/**
 * The signed-in user of this request, or null. The user is read from the database each time,
 * so a deleted user's still-valid JWT opens nothing. Deduplicated within one render.
 */
export const getSessionUser = cache(async (): Promise<SessionUser | null> => {
  const id = await getSessionUserId();
  if (!id) return null;
  const user = await findUserById(getDb(), id);
  return user ? { id: user.id, email: user.email, name: user.name || null } : null;
});
