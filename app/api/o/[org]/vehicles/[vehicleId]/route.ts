import { withOrg } from '@/lib/bff/with-org';
import { orgVehicleApi } from '@/lib/bff/org-vehicle-api';
import { vehicleParamsSchema } from '@/lib/validations/fleet';

export const GET = withOrg(
  async ({ org, params }) => {
    const response = await (await orgVehicleApi(org)).getVehicle(params.vehicleId);
    return { vehicle: response.data, requestId: response.requestId };
  },
  { permission: 'vehicles.read', params: vehicleParamsSchema },
);

/** Disconnect: synchronisation stops for good. The upstream may accept it (202) and finish later. */
export const DELETE = withOrg(
  async ({ org, params, setUpstreamRequestId }) => {
    const response = await (await orgVehicleApi(org)).deleteVehicle(params.vehicleId);
    setUpstreamRequestId(response.requestId);
    return { processing: response.status === 202, status: response.status, requestId: response.requestId };
  },
  {
    permission: 'vehicles.write',
    params: vehicleParamsSchema,
    audit: {
      action: 'vehicles.disconnected',
      target: ({ params }) => ({ type: 'vehicle', id: (params as { vehicleId: string }).vehicleId }),
      details: ({ result }) => ({ upstreamStatus: (result as { status: number }).status }),
    },
  },
);
