import 'server-only';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../index';
import { vehicleUpstreamErrors, type VehicleUpstreamError } from '../schema';

/** Errors kept per vehicle; older ones are dropped as new ones come. */
export const KEPT_PER_VEHICLE = 20;
/**
 * Errors kept per organization: vehicle ids come from the URL (any member may make them up), so
 * the per-vehicle bound alone would let the table grow without end.
 */
export const KEPT_PER_ORGANIZATION = 5_000;

type UpstreamErrorInput = {
  organizationId: string;
  vehicleId: string;
  code: string;
  status: number;
  endpoint: string;
  upstreamRequestId?: string | null;
  occurredAt?: Date;
};

/** Writes one error and drops what lies beyond the newest KEPT_PER_VEHICLE of that vehicle and KEPT_PER_ORGANIZATION of its organization. */
export async function recordVehicleUpstreamError(
  db: Db,
  input: UpstreamErrorInput,
  { keptPerOrganization = KEPT_PER_ORGANIZATION } = {},
): Promise<void> {
  const row = await db
    .insert(vehicleUpstreamErrors)
    .values({
      organizationId: input.organizationId,
      vehicleId: input.vehicleId,
      code: input.code.slice(0, 100),
      status: input.status,
      endpoint: input.endpoint.slice(0, 200),
      upstreamRequestId: input.upstreamRequestId?.slice(0, 200) ?? null,
      occurredAt: input.occurredAt ?? new Date(),
    })
    .returning({ id: vehicleUpstreamErrors.id });
  const ofVehicle = and(
    eq(vehicleUpstreamErrors.organizationId, input.organizationId),
    eq(vehicleUpstreamErrors.vehicleId, input.vehicleId),
  );
  const [oldestKept] = await db
    .select({ id: vehicleUpstreamErrors.id })
    .from(vehicleUpstreamErrors)
    .where(ofVehicle)
    .orderBy(desc(vehicleUpstreamErrors.id))
    .offset(KEPT_PER_VEHICLE - 1)
    .limit(1);
  if (oldestKept && row[0]) await db.delete(vehicleUpstreamErrors).where(and(ofVehicle, lt(vehicleUpstreamErrors.id, oldestKept.id)));
  const ofOrganization = eq(vehicleUpstreamErrors.organizationId, input.organizationId);
  const [oldestOfOrganization] = await db
    .select({ id: vehicleUpstreamErrors.id })
    .from(vehicleUpstreamErrors)
    .where(ofOrganization)
    .orderBy(desc(vehicleUpstreamErrors.id))
    .offset(keptPerOrganization - 1)
    .limit(1);
  if (oldestOfOrganization) {
    await db.delete(vehicleUpstreamErrors).where(and(ofOrganization, lt(vehicleUpstreamErrors.id, oldestOfOrganization.id)));
  }
}

/** Newest first, at most KEPT_PER_VEHICLE. */
export async function listVehicleUpstreamErrors(db: Db, organizationId: string, vehicleId: string): Promise<VehicleUpstreamError[]> {
  return db
    .select()
    .from(vehicleUpstreamErrors)
    .where(and(eq(vehicleUpstreamErrors.organizationId, organizationId), eq(vehicleUpstreamErrors.vehicleId, vehicleId)))
    .orderBy(desc(vehicleUpstreamErrors.id))
    .limit(KEPT_PER_VEHICLE);
}

/** Rows stored for one vehicle (tests and the bound check). */
export async function countVehicleUpstreamErrors(db: Db, organizationId: string, vehicleId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(vehicleUpstreamErrors)
    .where(and(eq(vehicleUpstreamErrors.organizationId, organizationId), eq(vehicleUpstreamErrors.vehicleId, vehicleId)));
  return row?.n ?? 0;
}
