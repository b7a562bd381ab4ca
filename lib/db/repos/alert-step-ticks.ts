import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../index';
import { alertStepTicks, users } from '../schema';

export type StoredTick = { vehicleId: string; alertId: string; stepKey: string; by: string; at: Date };

/** Ticks one step of an alert for the team (a repeat keeps the first tick's who and when), or unticks it. */
export async function setAlertStepTick(
  db: Db,
  input: { organizationId: string; vehicleId: string; alertId: string; stepKey: string; done: boolean; userId: string; email: string },
): Promise<void> {
  const key = and(
    eq(alertStepTicks.organizationId, input.organizationId),
    eq(alertStepTicks.vehicleId, input.vehicleId),
    eq(alertStepTicks.alertId, input.alertId),
    eq(alertStepTicks.stepKey, input.stepKey),
  );
  if (!input.done) {
    await db.delete(alertStepTicks).where(key);
    return;
  }
  await db
    .insert(alertStepTicks)
    .values({
      organizationId: input.organizationId,
      vehicleId: input.vehicleId,
      alertId: input.alertId,
      stepKey: input.stepKey,
      tickedBy: input.userId,
      tickedByEmail: input.email,
    })
    .onConflictDoNothing();
}

/** The ticks of the organization's alerts (of some vehicles, or all), with the name of who ticked each. */
export async function listAlertStepTicks(db: Db, organizationId: string, vehicleIds?: readonly string[]): Promise<StoredTick[]> {
  if (vehicleIds && vehicleIds.length === 0) return [];
  const rows = await db
    .select({
      vehicleId: alertStepTicks.vehicleId,
      alertId: alertStepTicks.alertId,
      stepKey: alertStepTicks.stepKey,
      at: alertStepTicks.tickedAt,
      name: users.name,
      email: users.email,
      storedEmail: alertStepTicks.tickedByEmail,
    })
    .from(alertStepTicks)
    .leftJoin(users, eq(users.id, alertStepTicks.tickedBy))
    .where(
      and(eq(alertStepTicks.organizationId, organizationId), vehicleIds ? inArray(alertStepTicks.vehicleId, [...vehicleIds]) : undefined),
    );
  return rows.map((r) => ({
    vehicleId: r.vehicleId,
    alertId: r.alertId,
    stepKey: r.stepKey,
    at: r.at,
    by: r.name || r.email || r.storedEmail || 'a former member',
  }));
}
