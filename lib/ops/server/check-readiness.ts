import 'server-only';
import { sql } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/db';
import { pendingMigrations } from '@/lib/db/migrate';
import { isDraining } from '@/lib/ops/drain';

export type Readiness =
  { ready: true } | { ready: false; reason: 'draining' | 'database_unreachable' | 'migrations_pending'; pending?: number };

const CHECK_TIMEOUT_MS = 2_000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('readiness check timed out')), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Whether this instance should take traffic: not shutting down, its database answers, and the
 * database's schema has every migration this build ships (an instance started before another
 * finished migrating waits out of the pool).
 */
export async function checkReadiness(db: () => Db = getDb, timeoutMs = CHECK_TIMEOUT_MS): Promise<Readiness> {
  if (isDraining()) return { ready: false, reason: 'draining' };
  let pending: number;
  try {
    pending = await withTimeout(
      (async () => {
        await db().execute(sql`select 1`);
        return pendingMigrations(db());
      })(),
      timeoutMs,
    );
  } catch {
    return { ready: false, reason: 'database_unreachable' };
  }
  return pending === 0 ? { ready: true } : { ready: false, reason: 'migrations_pending', pending };
}
