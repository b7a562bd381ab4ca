import { withOrg } from '@/lib/bff/with-org';
import { registrationPlateSchema } from '@/lib/vehicles/schemas';
import { vehicleParamsSchema } from '@/lib/validations/route-params';
import { setRegistrationPlate } from '@/lib/vehicles/server/set-registration-plate';

export const POST = withOrg(({ org, params, body }) => setRegistrationPlate(org, params.vehicleId, body.registrationPlate), {
  permission: 'vehicles.write',
  params: vehicleParamsSchema,
  body: registrationPlateSchema,
  audit: {
    action: 'vehicles.plate_changed',
    target: ({ params }) => ({ type: 'vehicle', id: params.vehicleId }),
    details: ({ body }) => ({ registrationPlate: body.registrationPlate }),
  },
});
