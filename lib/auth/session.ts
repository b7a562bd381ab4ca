import 'server-only';
import { getServerSession } from 'next-auth';
import { cache } from 'react';
import { getDb } from '@/lib/db';
import { findUserById } from '@/lib/db/repos/users';
import { authOptions } from './options';

export interface SessionUser {
  id: string;
  email: string;
  name: string | null;
}

/** The user id in this request's session token, without a database read; null when signed out. */
export const getSessionUserId = cache(async (): Promise<string | null> => {
  const session = await getServerSession(authOptions());
  return session?.user?.id ?? null;
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
