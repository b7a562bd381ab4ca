import 'server-only';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../index';
import { sharedReads } from '../schema';

/** `clock_timestamp()` less `ms`: shared reads are judged on the database's clock, one for every instance. */
export const sharedReadAgeBound = (ms: number) => sql`clock_timestamp() - make_interval(secs => ${ms / 1000})`;

/**
 * The vehicle's shared reads (every read of the organization without a vehicle) are not answered
 * any more: something changed it (a write, a pushed event). Leases go too: a call in flight began
 * before the change, and its holder then finds no lease to store under.
 */
export async function forgetSharedReads(db: Db, organizationId: string, vehicleId?: string): Promise<void> {
  const organization = eq(sharedReads.organizationId, organizationId);
  await db.delete(sharedReads).where(vehicleId === undefined ? organization : and(organization, eq(sharedReads.vehicleId, vehicleId)));
}

/** Deletes reads taken more than `olderThanMs` ago (and rows without a body) whose lease is over. */
export async function pruneSharedReads(db: Db, olderThanMs: number): Promise<number> {
  const rows = await db
    .delete(sharedReads)
    .where(
      and(
        or(isNull(sharedReads.fetchedAt), lt(sharedReads.fetchedAt, sharedReadAgeBound(olderThanMs))),
        or(isNull(sharedReads.leaseUntil), lt(sharedReads.leaseUntil, sql`clock_timestamp()`)),
      ),
    )
    .returning({ key: sharedReads.key });
  return rows.length;
}
