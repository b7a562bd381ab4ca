import 'server-only';
import type { Org } from '@/lib/org/org-access';
import { orgVehicleApi } from '@/lib/org/org-vehicle-api';
import type { TagRecord } from '@/lib/vehicles/types';
import { rememberTags } from './list-tags-seen';

const CONCURRENCY = 6;

export async function listVehicleTags(org: Org, vehicleId: string) {
  const response = await (await orgVehicleApi(org)).listTags(vehicleId);
  const tags = response.data.tags.map(({ key, value }) => ({ key, value }));
  rememberTags(org.id, tags);
  return { tags, requestId: response.requestId };
}

/**
 * Tags of the vehicles on one page, for the optional tags column. The contract lists tags per
 * vehicle only, so this costs one upstream call per vehicle: it is one browser request, runs only
 * when someone shows the column, and at most a page (100) at a time with bounded concurrency.
 */
export async function listTagsOfVehicles(org: Org, ids: string[]) {
  const api = await orgVehicleApi(org);
  const tags: Record<string, TagRecord[] | null> = {};
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const id = ids[next++];
      try {
        const response = await api.listTags(id);
        tags[id] = response.data.tags.map(({ key, value }) => ({ key, value }));
        rememberTags(org.id, tags[id]);
      } catch {
        // One vehicle gone or failing must not blank the column for the others.
        tags[id] = null;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, ids.length) }, worker));
  return { tags };
}
