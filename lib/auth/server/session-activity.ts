import 'server-only';
import { headers } from 'next/headers';
import { getDb } from '@/lib/db';
import { touchSession } from '@/lib/db/repos/sessions';
import { logger } from '@/lib/ops/log';
import { clientAddressFromHeaders, DIRECT_BUCKET } from './client-address';
import { env } from '@/lib/env';

/** A session's last-seen time moves at most this often. */
export const LAST_SEEN_INTERVAL_MS = 60_000;
const MAX_TRACKED = 10_000;
const MAX_USER_AGENT = 512;

/**
 * Notes that a session was seen, writing at most once per `intervalMs` per session: this instance
 * remembers when it last wrote each session (no query in between), and the write itself is
 * conditional, so several instances together still move a session at most once an interval.
 */
export function createLastSeenTracker({
  write,
  now = () => Date.now(),
  intervalMs = LAST_SEEN_INTERVAL_MS,
  maxTracked = MAX_TRACKED,
}: {
  write: (sid: string, at: Date, intervalMs: number) => Promise<void>;
  now?: () => number;
  intervalMs?: number;
  maxTracked?: number;
}) {
  const lastWrite = new Map<string, number>();
  return {
    /** The write when one was due (the caller need not wait for it), else undefined. */
    seen(sid: string): Promise<void> | undefined {
      const at = now();
      const last = lastWrite.get(sid);
      if (last !== undefined && at - last < intervalMs) return undefined;
      if (lastWrite.size >= maxTracked) lastWrite.clear();
      lastWrite.set(sid, at);
      // A failed write is not retried before the interval either: a database in trouble gets no extra load.
      return write(sid, new Date(at), intervalMs).catch((err: unknown) => {
        logger().warn({ event: 'session.last_seen_failed', err }, 'could not note when a session was last seen');
      });
    },
  };
}

let tracker: ReturnType<typeof createLastSeenTracker> | undefined;

/** Called on each request of an open session; off the request's path (not awaited). */
export function noteSessionSeen(sid: string): void {
  tracker ??= createLastSeenTracker({ write: async (id, at, intervalMs) => touchSession(getDb(), id, at, intervalMs) });
  void tracker.seen(sid);
}

/**
 * Where a sign-in comes from: the browser's user agent and the client's address (through the
 * trusted proxies). Read from the request being served (next-auth's route); nulls outside one.
 */
export async function signInOrigin(): Promise<{ userAgent: string | null; ip: string | null }> {
  try {
    const request = await headers();
    const address = clientAddressFromHeaders(request, env().TRUST_PROXY_HOPS);
    return { userAgent: request.get('user-agent')?.slice(0, MAX_USER_AGENT) || null, ip: address === DIRECT_BUCKET ? null : address };
  } catch {
    return { userAgent: null, ip: null };
  }
}
