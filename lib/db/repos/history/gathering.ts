import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../index';
import { historyGathering, vehicleSnapshots, type HistoryGathering, type HistoryKind } from '../../schema';

/** A vehicle of the fleet snapshot's roster, as the history gathering sees it. */
export interface GatherVehicle {
  vehicleId: string;
  isListening: boolean;
  connectionStatus: string | null;
  lastSeenAt: Date | null;
  budgetMax: number | null;
  budgetWindowSeconds: number | null;
}

const GATHER_VEHICLE_COLUMNS = {
  vehicleId: vehicleSnapshots.vehicleId,
  isListening: vehicleSnapshots.isListening,
  connectionStatus: vehicleSnapshots.connectionStatus,
  lastSeenAt: vehicleSnapshots.lastSeenAt,
  budgetMax: vehicleSnapshots.budgetMax,
  budgetWindowSeconds: vehicleSnapshots.budgetWindowSeconds,
};

/** The vehicles of the snapshot's roster: the gathering lists no vehicles itself (the snapshot already pays for that). */
export async function listGatherVehicles(db: Db, organizationId: string): Promise<GatherVehicle[]> {
  return db
    .select(GATHER_VEHICLE_COLUMNS)
    .from(vehicleSnapshots)
    .where(eq(vehicleSnapshots.organizationId, organizationId))
    .orderBy(vehicleSnapshots.vehicleId);
}

/** One vehicle of the roster, or undefined when the snapshot does not list it in the organization. */
export async function getGatherVehicle(db: Db, organizationId: string, vehicleId: string): Promise<GatherVehicle | undefined> {
  const [row] = await db
    .select(GATHER_VEHICLE_COLUMNS)
    .from(vehicleSnapshots)
    .where(and(eq(vehicleSnapshots.organizationId, organizationId), eq(vehicleSnapshots.vehicleId, vehicleId)));
  return row;
}

export type GatheringState = Omit<HistoryGathering, 'organizationId' | 'vehicleId' | 'kind'>;

export const emptyGatheringState = (now: Date): GatheringState => ({
  status: 'ok',
  reason: null,
  cursorAt: null,
  coveredFrom: null,
  completeAt: null,
  walkStartedAt: null,
  walkNewestAt: null,
  walkOldestAt: null,
  backfillOldestAt: null,
  windowStart: null,
  callsInWindow: 0,
  nextAttemptAt: null,
  failures: 0,
  updatedAt: now,
});

/** Every gathering state of the organization, by vehicle and kind. */
export async function listGatheringStates(
  db: Db,
  organizationId: string,
): Promise<Map<string, Partial<Record<HistoryKind, GatheringState>>>> {
  const rows = await db.select().from(historyGathering).where(eq(historyGathering.organizationId, organizationId));
  const byVehicle = new Map<string, Partial<Record<HistoryKind, GatheringState>>>();
  for (const { organizationId: _org, vehicleId, kind, ...state } of rows) {
    byVehicle.set(vehicleId, { ...byVehicle.get(vehicleId), [kind]: state });
  }
  return byVehicle;
}

/** One vehicle's gathering states, by kind (a kind never gathered is absent). */
export async function getVehicleGatheringStates(
  db: Db,
  organizationId: string,
  vehicleId: string,
): Promise<Partial<Record<HistoryKind, GatheringState>>> {
  const rows = await db
    .select()
    .from(historyGathering)
    .where(and(eq(historyGathering.organizationId, organizationId), eq(historyGathering.vehicleId, vehicleId)));
  return Object.fromEntries(rows.map(({ organizationId: _org, vehicleId: _vehicle, kind, ...state }) => [kind, state]));
}

export async function getGatheringState(
  db: Db,
  organizationId: string,
  vehicleId: string,
  kind: HistoryKind,
): Promise<GatheringState | undefined> {
  const [row] = await db
    .select()
    .from(historyGathering)
    .where(
      and(eq(historyGathering.organizationId, organizationId), eq(historyGathering.vehicleId, vehicleId), eq(historyGathering.kind, kind)),
    );
  if (!row) return undefined;
  const { organizationId: _org, vehicleId: _vehicle, kind: _kind, ...state } = row;
  return state;
}

export async function saveGatheringState(
  db: Db,
  organizationId: string,
  vehicleId: string,
  kind: HistoryKind,
  state: GatheringState,
): Promise<void> {
  await db
    .insert(historyGathering)
    .values({ organizationId, vehicleId, kind, ...state })
    .onConflictDoUpdate({ target: [historyGathering.organizationId, historyGathering.vehicleId, historyGathering.kind], set: state });
}
