import { withOrg } from '@/lib/bff/with-org';
import { tagsOfVehiclesQuerySchema } from '@/lib/vehicles/schemas';
import { listTagsOfVehicles } from '@/lib/vehicles/server/list-vehicle-tags';

export const GET = withOrg(({ org, query }) => listTagsOfVehicles(org, query.ids), {
  permission: 'vehicles.read',
  query: tagsOfVehiclesQuerySchema,
});
