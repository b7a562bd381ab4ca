import { withOrg } from '@/lib/bff/with-org';
import { orgVehicleApi } from '@/lib/bff/org-vehicle-api';
import { tagRoutes } from '@/lib/bff/tag-routes';
import { rememberTags } from '@/lib/vehicles/server/tags-seen';
import { vehicleParamsSchema } from '@/lib/validations/fleet';

export const GET = withOrg(
  async ({ org, params }) => {
    const response = await (await orgVehicleApi(org)).listTags(params.vehicleId);
    const tags = response.data.tags.map(({ key, value }) => ({ key, value }));
    rememberTags(org.id, tags);
    return { tags, requestId: response.requestId };
  },
  { permission: 'vehicles.read', params: vehicleParamsSchema },
);

const tagging = tagRoutes(vehicleParamsSchema, 'vehicleId', 'vehicle');
export const POST = tagging.POST;
export const DELETE = tagging.DELETE;
