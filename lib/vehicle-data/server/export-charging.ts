import 'server-only';
import { csvResponse } from '@/lib/csv';
import { PAGE_SIZE } from '@/lib/contract/limits';
import { RANGE_PAGE_LIMIT } from '@/lib/vehicle-data/range-limit';
import { paginate, type VehicleApi } from '@/lib/vehicle-api';
import { CHARGING_CSV_HEADER, chargingCsvValues, chargingDateFilter } from '@/lib/vehicle-data/charging-csv';
import type { ChargingExportQuery } from '@/lib/vehicle-data/schemas';

/**
 * Every charging session that started within the range, as CSV, read page by page at the
 * largest page size and, like the journeys summary and its export, at most RANGE_PAGE_LIMIT pages,
 * so one download never spends more of the vehicle's rate budget than the journeys tab does. The
 * first page is read before answering: an upstream refusal is an error response, not a cut file.
 */
export async function exportChargingSessions(api: VehicleApi, vehicleId: string, query: ChargingExportQuery): Promise<Response> {
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

  return csvResponse(`charging-${vehicleId}.csv`, CHARGING_CSV_HEADER, rows());
}
