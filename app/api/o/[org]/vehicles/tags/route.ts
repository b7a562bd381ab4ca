import { withOrg } from '@/lib/bff/with-org';
import { orgVehicleApi } from '@/lib/bff/org-vehicle-api';
import { rememberTags } from '@/lib/vehicles/server/tags-seen';
import type { TagRecord } from '@/lib/fleet/types';
import { tagsOfVehiclesQuerySchema } from '@/lib/validations/fleet';

const CONCURRENCY = 6;

/**
 * Tags of the vehicles on one page, for the optional tags column. The contract lists tags per
 * vehicle only, so this costs one upstream call per vehicle: it is one browser request, runs only
 * when someone shows the column, and at most a page (100) at a time with bounded concurrency.
 */
export const GET = withOrg(
  async ({ org, query: { ids } }) => {
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
  },
  { permission: 'vehicles.read', query: tagsOfVehiclesQuerySchema },
);
