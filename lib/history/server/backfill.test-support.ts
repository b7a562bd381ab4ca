import 'server-only';
import type { Db } from '@/lib/db';
import { listAuditEvents } from '@/lib/db/repos/audit';
import { getBackfill } from '@/lib/db/repos/history/backfills';
import { createOrganization } from '@/lib/db/repos/organizations';
import { vehicleSnapshots } from '@/lib/db/schema';

/** For the backfill route's test: a vehicle of the organization's fleet snapshot, connected and listening unless told. */
export async function seedFleetVehicle(
  db: unknown,
  organizationId: string,
  vehicleId: string,
  options: { isListening?: boolean; budgetMax?: number } = {},
) {
  await (db as Db).insert(vehicleSnapshots).values({
    organizationId,
    vehicleId,
    listedAt: new Date(),
    isListening: options.isListening ?? true,
    connectionStatus: 'CONNECTED',
    budgetMax: options.budgetMax ?? 200,
    budgetWindowSeconds: 86_400,
  });
}

/** Another organization with a vehicle of its own in its fleet snapshot. */
export async function otherOrganizationVehicle(db: unknown, slug: string, vehicleId: string) {
  const org = await createOrganization(db as Db, { slug, name: slug, apiBaseUrl: null, clientId: 'c', clientSecret: 's' });
  await seedFleetVehicle(db, org.id, vehicleId);
  return org.id;
}

/** The organization's audit entries of backfill requests, oldest first. */
export async function backfillAudit(db: unknown, organizationId: string) {
  const page = await listAuditEvents(db as Db, { organizationId, action: 'history.backfill_*' });
  return page.events
    .map((e) => ({ action: e.action, outcome: e.outcome, targetId: e.targetId, details: e.details, at: e.createdAt }))
    .reverse();
}

/** The vehicle's backfill request as stored. */
export async function storedBackfill(db: unknown, organizationId: string, vehicleId: string) {
  return getBackfill(db as Db, organizationId, vehicleId);
}
