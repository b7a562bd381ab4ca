import 'server-only';
import { and, eq, lt, max, or, sql } from 'drizzle-orm';
import type { Db } from '../../index';
import { organizations, vehicleSnapshots, type VehicleSnapshot } from '../../schema';

// The roster: which vehicles the list walk found, and which the snapshot job may read.

/** What the vehicle list says of a vehicle (one list call serves a hundred vehicles). */
export interface RosterEntry {
  vehicleId: string;
  vin: string | null;
  make: string | null;
  model: string | null;
  registrationPlate: string | null;
  isListening: boolean;
  connectionStatus: string | null;
  lastSeenAt: Date | null;
}

export async function listOrganizationIds(db: Db): Promise<string[]> {
  const rows = await db.select({ id: organizations.id }).from(organizations);
  return rows.map((r) => r.id);
}

/** When the organization's vehicle list was last walked to the end (undefined: never). */
export async function lastListedAt(db: Db, organizationId: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: max(vehicleSnapshots.listedAt) })
    .from(vehicleSnapshots)
    .where(eq(vehicleSnapshots.organizationId, organizationId));
  return row?.at ?? undefined;
}

/** Records what the list said; the telemetry figures of a known vehicle are kept. */
export async function upsertRoster(db: Db, organizationId: string, entries: readonly RosterEntry[], listedAt: Date): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insert(vehicleSnapshots)
    .values(entries.map((e) => ({ organizationId, ...e, listedAt, connectionAt: listedAt })))
    .onConflictDoUpdate({
      target: [vehicleSnapshots.organizationId, vehicleSnapshots.vehicleId],
      set: {
        vin: sql`excluded.vin`,
        make: sql`excluded.make`,
        model: sql`excluded.model`,
        registrationPlate: sql`excluded.registration_plate`,
        isListening: sql`excluded.is_listening`,
        // A connection event newer than this walk keeps its word (forward only, like the figures).
        connectionStatus: sql`case when ${vehicleSnapshots.connectionAt} is null or ${vehicleSnapshots.connectionAt} <= excluded.listed_at then excluded.connection_status else ${vehicleSnapshots.connectionStatus} end`,
        connectionAt: sql`greatest(${vehicleSnapshots.connectionAt}, excluded.listed_at)`,
        // A telemetry read may already have seen the vehicle later than the list says.
        lastSeenAt: sql`greatest(${vehicleSnapshots.lastSeenAt}, excluded.last_seen_at)`,
        listedAt: sql`excluded.listed_at`,
      },
    });
}

/**
 * After a complete walk of the list: vehicles it no longer holds (disconnected, or gone from the
 * account) and any the list marks disconnected leave the snapshot.
 */
export async function removeUnlisted(db: Db, organizationId: string, listedAt: Date): Promise<number> {
  const removed = await db
    .delete(vehicleSnapshots)
    .where(
      and(
        eq(vehicleSnapshots.organizationId, organizationId),
        or(lt(vehicleSnapshots.listedAt, listedAt), eq(vehicleSnapshots.connectionStatus, 'DISCONNECTED')),
      ),
    )
    .returning({ id: vehicleSnapshots.vehicleId });
  return removed.length;
}

/**
 * Makes the organization's list due for a walk at the job's next tick (an account was
 * disconnected: its vehicles leave the list, and the walk drops them from the snapshot).
 */
export async function expireRosterListing(db: Db, organizationId: string): Promise<void> {
  await db
    .update(vehicleSnapshots)
    .set({ listedAt: new Date(0) })
    .where(eq(vehicleSnapshots.organizationId, organizationId));
}

export async function removeSnapshot(db: Db, organizationId: string, vehicleId: string): Promise<void> {
  await db
    .delete(vehicleSnapshots)
    .where(and(eq(vehicleSnapshots.organizationId, organizationId), eq(vehicleSnapshots.vehicleId, vehicleId)));
}

export type RefreshCandidate = Pick<
  VehicleSnapshot,
  'vehicleId' | 'fetchedAt' | 'pushedAt' | 'budgetMax' | 'budgetWindowSeconds' | 'budgetReadAt' | 'stateOfHealthCheckedAt'
>;

/** Vehicles whose telemetry the job may read: listening and connected. */
export async function listRefreshCandidates(db: Db, organizationId: string): Promise<RefreshCandidate[]> {
  return db
    .select({
      vehicleId: vehicleSnapshots.vehicleId,
      fetchedAt: vehicleSnapshots.fetchedAt,
      pushedAt: vehicleSnapshots.pushedAt,
      budgetMax: vehicleSnapshots.budgetMax,
      budgetWindowSeconds: vehicleSnapshots.budgetWindowSeconds,
      budgetReadAt: vehicleSnapshots.budgetReadAt,
      stateOfHealthCheckedAt: vehicleSnapshots.stateOfHealthCheckedAt,
    })
    .from(vehicleSnapshots)
    .where(
      and(
        eq(vehicleSnapshots.organizationId, organizationId),
        eq(vehicleSnapshots.isListening, true),
        eq(vehicleSnapshots.connectionStatus, 'CONNECTED'),
      ),
    )
    .orderBy(sql`${vehicleSnapshots.fetchedAt} asc nulls first`, vehicleSnapshots.vehicleId);
}

/** The condition that picks one vehicle's snapshot row. */
export const whereVehicle = (organizationId: string, vehicleId: string) =>
  and(eq(vehicleSnapshots.organizationId, organizationId), eq(vehicleSnapshots.vehicleId, vehicleId));
