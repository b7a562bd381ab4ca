import { withOrg } from '@/lib/bff/with-org';
import { loadVehiclePage } from '@/lib/bff/list-page';
import { orgVehicleApi } from '@/lib/bff/org-vehicle-api';
import { rememberTags } from '@/lib/vehicles/server/tags-seen';
import { vehicleListQuerySchema } from '@/lib/validations/fleet';

/** One page of vehicles (server-side paging); sorting happens in the browser over the loaded page. */
export const GET = withOrg(
  async ({ org, query }) => {
    const page = await loadVehiclePage(await orgVehicleApi(org), query);
    if (query.tagKey && query.tagValue && page.items.length > 0) rememberTags(org.id, [{ key: query.tagKey, value: query.tagValue }]);
    return page;
  },
  { permission: 'vehicles.read', query: vehicleListQuerySchema },
);
