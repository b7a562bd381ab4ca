import 'server-only';
import type { GatheringState } from '@/lib/db/repos/history/gathering';
import type { HistoryKind } from '@/lib/db/schema';
import { upsertChargingSessions, upsertJourneys } from '@/lib/db/repos/history/store';
import { isVehicleApiError, type VehicleApi } from '@/lib/vehicle-api';
import type { Db } from '@/lib/db';
import type { GatherPassResult, HistoryPolicy } from './gather-history';
import { chargingRow, journeyRow, type Gathered } from './history-rows';

/** The pieces every walk of the history gathering shares: one page of a list, and the state after a failed ask. */

const DAY_MS = 24 * 60 * 60_000;

/** What a walk of one kind of one vehicle works with: the budget and the pass's result are shared by its walks and counted in place. */
export interface KindWalk {
  db: Db;
  api: VehicleApi;
  organizationId: string;
  vehicleId: string;
  kind: HistoryKind;
  budget: { spent: number; allowed: number };
  windowEnd: Date;
  now: () => Date;
  policy: HistoryPolicy;
  result: GatherPassResult;
}

/** The list's timestamp field each kind filters and orders by. */
export const START_FIELD: Record<HistoryKind, string> = { journeys: 'startTimestamp', charging: 'startedAt' };

export const paused = (error: unknown) => isVehicleApiError(error) && error.code === 'UPSTREAM_PAUSED';

export async function listPage(
  api: VehicleApi,
  vehicleId: string,
  kind: HistoryKind,
  params: { maxPageSize: number; filter: unknown },
  organizationId: string,
  gatheredAt: Date,
): Promise<{ items: Gathered[]; more: boolean }> {
  if (kind === 'journeys') {
    const { data } = await api.listJourneys(vehicleId, params);
    return { items: data.results.flatMap((j) => journeyRow(organizationId, vehicleId, j, gatheredAt) ?? []), more: !!data.nextPageToken };
  }
  const { data } = await api.listChargingSessions(vehicleId, params);
  return { items: data.results.flatMap((s) => chargingRow(organizationId, vehicleId, s, gatheredAt) ?? []), more: !!data.nextPageToken };
}

/** The state after a failed ask: the reason, and when to ask again (the walk's progress is kept). */
export function failed(state: GatheringState, error: unknown, at: Date, policy: HistoryPolicy): GatheringState {
  const code = isVehicleApiError(error) ? error.code : 'UNKNOWN_ERROR';
  const later = (ms: number) => new Date(at.getTime() + ms);
  if (code === 'CONSENT_MISSING') {
    const details = isVehicleApiError(error) ? (error.details as { scope?: unknown } | undefined) : undefined;
    const scope = typeof details?.scope === 'string' ? details.scope : code;
    return { ...state, status: 'no_consent', reason: scope, nextAttemptAt: later(policy.noConsentRetryMs), updatedAt: at };
  }
  if (code === 'RESOURCE_NOT_FOUND')
    return { ...state, status: 'disconnected', reason: code, nextAttemptAt: later(policy.notFoundRetryMs), updatedAt: at };
  const failures = state.failures + 1;
  const backoff = Math.min(DAY_MS, policy.errorRetryMs * 2 ** (failures - 1));
  return { ...state, status: 'error', reason: code, failures, nextAttemptAt: later(backoff), updatedAt: at };
}

/** Keeps a page's items in their kind's table (a row already stored is updated). */
export async function storeItems(db: Db, kind: HistoryKind, items: readonly Gathered[]): Promise<void> {
  if (kind === 'journeys')
    await upsertJourneys(
      db,
      items.map((i) => i.row as Parameters<typeof upsertJourneys>[1][number]),
    );
  else
    await upsertChargingSessions(
      db,
      items.map((i) => i.row as Parameters<typeof upsertChargingSessions>[1][number]),
    );
}
