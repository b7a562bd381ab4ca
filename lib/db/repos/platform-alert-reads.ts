import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../index';
import { platformAlertReads, type PlatformAlertRead } from '../schema';

export async function findPlatformAlertReads(db: Db, organizationId: string, vehicleIds?: readonly string[]): Promise<PlatformAlertRead[]> {
  if (vehicleIds && vehicleIds.length === 0) return [];
  return db
    .select()
    .from(platformAlertReads)
    .where(
      vehicleIds
        ? and(eq(platformAlertReads.organizationId, organizationId), inArray(platformAlertReads.vehicleId, [...vehicleIds]))
        : eq(platformAlertReads.organizationId, organizationId),
    );
}

/** The latest read wins. */
export async function savePlatformAlertRead(
  db: Db,
  input: { organizationId: string; vehicleId: string; alerts: unknown[]; upstreamRequestId: string | null; fetchedAt: Date },
): Promise<void> {
  await db
    .insert(platformAlertReads)
    .values(input)
    .onConflictDoUpdate({ target: [platformAlertReads.organizationId, platformAlertReads.vehicleId], set: input });
}
