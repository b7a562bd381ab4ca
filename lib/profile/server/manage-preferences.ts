import 'server-only';
import { getDb, type Db } from '@/lib/db';
import { getUserPreferences, setUserPreferences } from '@/lib/db/repos/users';
import type { Preferences } from '@/lib/format/preferences';
import { readPreferences } from '@/lib/profile/schemas';

export async function getPreferences(userId: string, db: Db = getDb()): Promise<Preferences> {
  return readPreferences(await getUserPreferences(db, userId));
}

/** Stores the person's units and time zone (already validated by the route) and returns them as read back. */
export async function savePreferences(userId: string, preferences: Preferences, db: Db = getDb()): Promise<Preferences> {
  await setUserPreferences(db, userId, { ...preferences });
  return getPreferences(userId, db);
}
