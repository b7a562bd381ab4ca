import 'server-only';
import type { Db } from '@/lib/db';
import { pruneHistory } from '@/lib/db/repos/history/store';

/** The start of what is kept: `months` calendar months (UTC) before `now`. */
export function retentionCutoff(now: Date, months: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

/** Deletes the journeys, charging sessions and daily readings older than the retention. */
export async function pruneExpiredHistory(db: Db, now: Date, retentionMonths: number) {
  return pruneHistory(db, retentionCutoff(now, retentionMonths));
}
