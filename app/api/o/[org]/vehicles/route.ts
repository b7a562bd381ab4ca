import { withOrg } from '@/lib/bff/with-org';
import { vehicleListQuerySchema } from '@/lib/vehicles/schemas';
import { listVehicles } from '@/lib/vehicles/server/list-vehicles';

/** One page of vehicles (server-side paging); sorting happens in the browser over the loaded page. */
export const GET = withOrg(({ org, query }) => listVehicles(org, query), { permission: 'vehicles.read', query: vehicleListQuerySchema });
