import 'server-only';
import type { Org } from '@/lib/org/org-access';
import { orgVehicleApi } from '@/lib/org/org-vehicle-api';
import type { ResultsPageQuery } from '@/lib/eligibility/schemas';

/** The overall status of a bulk connection request, looked up by its id. */
export async function getBulkConnection(org: Org, connectionId: string) {
  const response = await (await orgVehicleApi(org)).getBulkConnection(connectionId);
  return { connection: response.data, requestId: response.requestId };
}

/** One page of a bulk connection's per-VIN outcomes. */
export async function getBulkConnectionResults(org: Org, connectionId: string, query: ResultsPageQuery) {
  const response = await (await orgVehicleApi(org)).getBulkConnectionResults(connectionId, query);
  return { results: response.data.results, totalResults: response.data.totalResults ?? null, page: query, requestId: response.requestId };
}
