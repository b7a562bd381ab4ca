import 'server-only';
import { setBounded } from '@/lib/bounded-map';
import type { Db } from '@/lib/db';
import { noteApiCredentialUse, type RateTake } from '@/lib/db/repos/api-credentials';

/**
 * The rate bucket and the last-use note of a credential where this process is the database's
 * only writer (PGlite, which one process holds at a time): the bucket in memory is then the one
 * bucket there is, and the database is spared a write per request. Each write to api_credentials
 * moves the access generation, which drops every cached access (sessions' too), so the last use
 * is written at most once a minute per credential, or when its address changes.
 */

const NOTE_EVERY_MS = 60_000;
const MAX_KEYS = 10_000;
const buckets = new Map<string, { tokens: number; at: number }>();
const notes = new Map<string, { at: number; ip: string | null }>();

export function takeLocalToken(id: string, ratePerMinute: number, now: number): RateTake {
  const held = buckets.get(id) ?? { tokens: ratePerMinute, at: now };
  const tokens = Math.min(ratePerMinute, held.tokens + (Math.max(0, now - held.at) * ratePerMinute) / 60_000);
  if (tokens < 1) {
    setBounded(buckets, id, { tokens, at: now }, MAX_KEYS);
    return { taken: false, retryAfterMs: Math.max(1, Math.ceil(((1 - tokens) * 60_000) / ratePerMinute)), limit: ratePerMinute };
  }
  setBounded(buckets, id, { tokens: tokens - 1, at: now }, MAX_KEYS);
  return { taken: true, remaining: Math.floor(tokens - 1), limit: ratePerMinute };
}

export async function noteLocalUse(db: Db, id: string, ip: string | null, now: Date): Promise<void> {
  const last = notes.get(id);
  if (last && last.ip === ip && now.getTime() - last.at < NOTE_EVERY_MS) return;
  setBounded(notes, id, { at: now.getTime(), ip }, MAX_KEYS);
  await noteApiCredentialUse(db, id, { ip, now });
}
