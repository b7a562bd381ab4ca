import 'server-only';
import { and, desc, eq, isNull, lt, notInArray, or } from 'drizzle-orm';
import type { Db } from '../index';
import { eligibilityChecks, type EligibilityCheck } from '../schema';

/* The upstream cannot list eligibility checks; Motorpool keeps who sent which, and when. */

/** Statuses after which a check no longer changes. */
export const SETTLED_CHECK_STATUSES = ['COMPLETED', 'FAILED'] as const;

export async function createEligibilityCheck(
  db: Db,
  input: {
    organizationId: string;
    createdBy: string | null;
    upstreamId: string;
    label?: string | null;
    vinCount: number;
    status: string;
    counts?: Record<string, number>;
    vins?: { vin: string; countryCode: string; make?: string }[] | null;
  },
): Promise<EligibilityCheck> {
  const now = new Date();
  const [row] = await db
    .insert(eligibilityChecks)
    .values({ ...input, label: input.label ?? null, counts: input.counts ?? {}, vins: input.vins ?? null, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [eligibilityChecks.organizationId, eligibilityChecks.upstreamId],
      set: { status: input.status, updatedAt: now },
    })
    .returning();
  return row;
}

/**
 * Records what the upstream said of a check. A settled check (COMPLETED, FAILED) never changes
 * again, so a slow status read that lands after the settling one cannot move it backwards.
 */
export async function updateEligibilityCheck(
  db: Db,
  organizationId: string,
  id: string,
  update: { status: string; counts?: Record<string, number>; ineligible?: EligibilityCheck['ineligible'] },
): Promise<EligibilityCheck | undefined> {
  const [row] = await db
    .update(eligibilityChecks)
    .set({
      status: update.status,
      ...(update.counts ? { counts: update.counts } : {}),
      ...(update.ineligible ? { ineligible: update.ineligible } : {}),
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(eligibilityChecks.organizationId, organizationId),
        eq(eligibilityChecks.id, id),
        notInArray(eligibilityChecks.status, [...SETTLED_CHECK_STATUSES]),
      ),
    )
    .returning();
  return row ?? getEligibilityCheck(db, organizationId, id);
}

export async function getEligibilityCheck(db: Db, organizationId: string, id: string): Promise<EligibilityCheck | undefined> {
  const [row] = await db
    .select()
    .from(eligibilityChecks)
    .where(and(eq(eligibilityChecks.organizationId, organizationId), eq(eligibilityChecks.id, id)))
    .limit(1);
  return row;
}

export async function findEligibilityCheckByUpstreamId(
  db: Db,
  organizationId: string,
  upstreamId: string,
): Promise<EligibilityCheck | undefined> {
  const [row] = await db
    .select()
    .from(eligibilityChecks)
    .where(and(eq(eligibilityChecks.organizationId, organizationId), eq(eligibilityChecks.upstreamId, upstreamId)))
    .limit(1);
  return row;
}

/** Newest first. */
export async function listEligibilityChecks(db: Db, organizationId: string, options: { limit?: number } = {}): Promise<EligibilityCheck[]> {
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? 100), 1), 1000);
  return db
    .select()
    .from(eligibilityChecks)
    .where(eq(eligibilityChecks.organizationId, organizationId))
    .orderBy(desc(eligibilityChecks.createdAt))
    .limit(limit);
}

/** Checks still in progress, newest first: those whose status is worth asking the upstream for. */
export async function listOpenEligibilityChecks(
  db: Db,
  organizationId: string,
  options: { limit?: number } = {},
): Promise<EligibilityCheck[]> {
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? 20), 1), 1000);
  return db
    .select()
    .from(eligibilityChecks)
    .where(and(eq(eligibilityChecks.organizationId, organizationId), notInArray(eligibilityChecks.status, [...SETTLED_CHECK_STATUSES])))
    .orderBy(desc(eligibilityChecks.createdAt))
    .limit(limit);
}

/**
 * Takes the right to send this check's VINs for connection, across instances; false while another
 * holds it. A claim older than `leaseMs` (its instance died mid-send) is taken over.
 */
export async function claimCheckSending(db: Db, organizationId: string, id: string, now: Date, leaseMs: number): Promise<boolean> {
  const [claimed] = await db
    .update(eligibilityChecks)
    .set({ connectSendingAt: now })
    .where(
      and(
        eq(eligibilityChecks.organizationId, organizationId),
        eq(eligibilityChecks.id, id),
        or(isNull(eligibilityChecks.connectSendingAt), lt(eligibilityChecks.connectSendingAt, new Date(now.getTime() - leaseMs))),
      ),
    )
    .returning({ id: eligibilityChecks.id });
  return !!claimed;
}

/** Gives back the claim taken at `claimedAt`; one another instance has taken over since stays. */
export async function releaseCheckSending(db: Db, organizationId: string, id: string, claimedAt: Date): Promise<void> {
  await db
    .update(eligibilityChecks)
    .set({ connectSendingAt: null })
    .where(
      and(
        eq(eligibilityChecks.organizationId, organizationId),
        eq(eligibilityChecks.id, id),
        eq(eligibilityChecks.connectSendingAt, claimedAt),
      ),
    );
}
