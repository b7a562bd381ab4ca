import { withOrg } from '@/lib/bff/with-org';
import { orgVehicleApi } from '@/lib/bff/org-vehicle-api';
import { registrationPlateSchema, vehicleParamsSchema } from '@/lib/validations/fleet';

export const POST = withOrg(
  async ({ org, params, body, setUpstreamRequestId }) => {
    const response = await (await orgVehicleApi(org)).setRegistrationPlate(params.vehicleId, body.registrationPlate);
    setUpstreamRequestId(response.requestId);
    return { vehicle: response.data, requestId: response.requestId };
  },
  {
    permission: 'vehicles.write',
    params: vehicleParamsSchema,
    body: registrationPlateSchema,
    audit: {
      action: 'vehicles.plate_changed',
      target: ({ params }) => ({ type: 'vehicle', id: (params as { vehicleId: string }).vehicleId }),
      details: ({ body }) => ({ registrationPlate: (body as { registrationPlate: string }).registrationPlate }),
    },
  },
);
