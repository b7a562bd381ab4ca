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

type Alert = Record<string, unknown>;

/** A moment known for certain is newer than one not known; `Number.NaN` is "not known". */
const newerThan = (a: number, b: number) => !Number.isNaN(a) && (Number.isNaN(b) || a > b);

/**
 * A new read of the vehicle's alerts, kept unless a read that started later is already stored.
 * Each alert keeps its newest known state: one a pushed event changed after this read was taken
 * (newer `updatedAt`) stays as the event left it, and an alert pushed since the read started that
 * the read does not list yet stays beside it. Returns what is stored.
 */
export async function savePlatformAlertRead(
  db: Db,
  input: { organizationId: string; vehicleId: string; alerts: unknown[]; upstreamRequestId: string | null; fetchedAt: Date },
): Promise<PlatformAlertRead> {
  return db.transaction(async (tx) => {
    // The first read of a vehicle inserts; a read racing it (another viewer, another instance)
    // finds its row once it commits and merges into it. A lock on a row not there yet locks nothing.
    const [inserted] = await tx.insert(platformAlertReads).values(input).onConflictDoNothing().returning();
    if (inserted) return inserted;
    const [stored] = await tx
      .select()
      .from(platformAlertReads)
      .where(and(eq(platformAlertReads.organizationId, input.organizationId), eq(platformAlertReads.vehicleId, input.vehicleId)))
      .for('update');
    if (stored.fetchedAt > input.fetchedAt) return stored;
    const known = new Map((stored.alerts as Alert[]).filter((a) => typeof a.id === 'string').map((a) => [a.id as string, a]));
    const read = input.alerts as Alert[];
    const alerts: Alert[] = read.map((alert) => {
      const before = typeof alert.id === 'string' ? known.get(alert.id) : undefined;
      return before && newerThan(timeOf(before.updatedAt), timeOf(alert.updatedAt)) ? before : alert;
    });
    const listed = new Set(read.map((a) => a.id));
    for (const [id, alert] of known)
      if (!listed.has(id) && newerThan(timeOf(alert.updatedAt), input.fetchedAt.getTime())) alerts.push(alert);
    const [row] = await tx
      .update(platformAlertReads)
      .set({ ...input, alerts })
      .where(and(eq(platformAlertReads.organizationId, input.organizationId), eq(platformAlertReads.vehicleId, input.vehicleId)))
      .returning();
    return row;
  });
}

const timeOf = (value: unknown) => (typeof value === 'string' ? Date.parse(value) : Number.NaN);
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `over`'s fields on `base`, nested objects field by field (a partial `definition` keeps the read's name); undefined leaves a field. */
function overlay(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const out = { ...base };
  for (const [key, value] of Object.entries(over)) {
    if (value === undefined) continue;
    out[key] = isRecord(value) && isRecord(base[key]) ? overlay(base[key], value) : value;
  }
  return out;
}

/**
 * A pushed `alert.updated` folded into the vehicle's last read, so the inboxes show it before the
 * read's TTL runs out, without an upstream call. Forward only per alert (an event older than the
 * alert it would replace changes nothing); fields the event leaves out keep their read value. No
 * read yet: nothing to fold into (the next look reads the upstream). Returns whether it changed.
 */
export async function foldPushedAlert(
  db: Db,
  organizationId: string,
  vehicleId: string,
  pushed: { id: string; updatedAt?: string | null } & Record<string, unknown>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(platformAlertReads)
      .where(and(eq(platformAlertReads.organizationId, organizationId), eq(platformAlertReads.vehicleId, vehicleId)))
      .for('update');
    if (!row) return false;
    const alerts = row.alerts as Array<Record<string, unknown>>;
    const index = alerts.findIndex((alert) => alert.id === pushed.id);
    const known = index >= 0 ? alerts[index] : undefined;
    if (known && timeOf(known.updatedAt) > timeOf(pushed.updatedAt)) return false;
    const next = known ? alerts.map((alert, i) => (i === index ? overlay(alert, pushed) : alert)) : [...alerts, overlay({}, pushed)];
    await tx
      .update(platformAlertReads)
      .set({ alerts: next })
      .where(and(eq(platformAlertReads.organizationId, organizationId), eq(platformAlertReads.vehicleId, vehicleId)));
    return true;
  });
}
