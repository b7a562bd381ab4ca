import 'server-only';
import { csvResponse } from '@/lib/csv';
import { PAGE_SIZE } from '@/lib/contract/limits';
import { getDb, type Db } from '@/lib/db';
import { storeCovers, storedChargingSessions, type Period } from '@/lib/history/server/history-queries';
import { RANGE_PAGE_LIMIT } from '@/lib/vehicle-data/range-limit';
import { paginate, type VehicleApi } from '@/lib/vehicle-api';
import { CHARGING_CSV_HEADER, chargingCsvValues, chargingDateFilter, type ChargingCsvSession } from '@/lib/vehicle-data/charging-csv';
import type { ChargingExportQuery } from '@/lib/vehicle-data/schemas';

/** The response header that says where the export's rows came from: `history` (the store) or `upstream`. */
export const EXPORT_SOURCE_HEADER = 'X-Motorpool-Source';

/** The history store as the export reads it: whether it holds every session of a period, and those sessions. */
export interface ChargingHistory {
  covers(period: Period): Promise<boolean>;
  sessions(period: Period): Promise<ChargingCsvSession[]>;
}

/** The vehicle's charging sessions in the organization's history store. */
export function chargingHistoryOf(organizationId: string, vehicleId: string, db: () => Db = getDb): ChargingHistory {
  return {
    covers: (period) => storeCovers(db(), organizationId, vehicleId, 'charging', period),
    sessions: async (period) =>
      (await storedChargingSessions(db(), organizationId, vehicleId, period)).map((s) => ({
        id: s.sessionId,
        startedAt: s.startedAt.toISOString(),
        endedAt: s.endedAt?.toISOString() ?? null,
        chargeDuration: s.durationSeconds,
        kwhFromGrid: s.kwhFromGrid,
        kwhInHvb: s.kwhInBattery,
        startStateOfCharge: s.startSoc,
        endStateOfCharge: s.endSoc,
        latitude: s.latitude,
        longitude: s.longitude,
        kwMedian: s.kwMedian,
        externalTemperature: s.externalTemperature,
      })),
  };
}

/**
 * Every charging session that started within the range, as CSV. From the history store when it
 * holds every session of the range (no upstream call); else from the upstream, page by page at
 * the largest page size and, like the journeys summary and its export, at most RANGE_PAGE_LIMIT
 * pages, so one download never spends more of the vehicle's rate budget than the journeys tab
 * does. The first upstream page is read before answering: a refusal is an error response, not a
 * cut file. The `X-Motorpool-Source` header says which source answered.
 */
export async function exportChargingSessions(
  api: VehicleApi,
  vehicleId: string,
  query: ChargingExportQuery,
  history?: ChargingHistory,
  now: Date = new Date(),
): Promise<Response> {
  // The range is [from, to] as the upstream's filter reads it; the store's periods are half-open. An open start is the whole past: the store cannot vouch for that.
  const period = query.from && { from: new Date(query.from), to: new Date((query.to ? Date.parse(query.to) : now.getTime()) + 1) };
  if (history && period && (await history.covers(period))) {
    const sessions = await history.sessions(period);
    return sourced(csvResponse(`charging-${vehicleId}.csv`, CHARGING_CSV_HEADER, rowsOf(sessions)), 'history');
  }
  const list = (params: Parameters<VehicleApi['listChargingSessions']>[1]) => api.listChargingSessions(vehicleId, params);
  const pages = paginate(list, { maxPageSize: PAGE_SIZE.max, filter: chargingDateFilter(query.from, query.to) });
  const first = await pages.next();

  async function* rows() {
    let page = first;
    for (let read = 1; !page.done; read++) {
      for (const session of page.value.data.results) yield chargingCsvValues(session);
      if (read >= RANGE_PAGE_LIMIT) break;
      page = await pages.next();
    }
    await pages.return();
  }

  return sourced(csvResponse(`charging-${vehicleId}.csv`, CHARGING_CSV_HEADER, rows()), 'upstream');
}

async function* rowsOf(sessions: readonly ChargingCsvSession[]) {
  for (const session of sessions) yield chargingCsvValues(session);
}

function sourced(response: Response, source: 'history' | 'upstream'): Response {
  response.headers.set(EXPORT_SOURCE_HEADER, source);
  return response;
}
