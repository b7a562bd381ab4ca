import { withOrg } from '@/lib/bff/with-org';
import { vehicleLookupQuerySchema } from '@/lib/vehicles/schemas';
import { lookupVehicle } from '@/lib/vehicles/server/lookup-vehicle';

export const GET = withOrg(({ org, query }) => lookupVehicle(org, query.q), {
  permission: 'vehicles.read',
  query: vehicleLookupQuerySchema,
});
