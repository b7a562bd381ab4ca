import { withOrg } from '@/lib/bff/with-org';
import { listeningBodySchema } from '@/lib/vehicles/listening-schemas';
import { vehicleParamsSchema } from '@/lib/validations/route-params';
import { setListening } from '@/lib/vehicles/server/set-listening';

export const POST = withOrg(({ org, params, body }) => setListening(org, params.vehicleId, body.isListening), {
  permission: 'listening.write',
  params: vehicleParamsSchema,
  body: listeningBodySchema,
  audit: {
    action: 'vehicles.listening_set',
    target: ({ params }) => ({ type: 'vehicle', id: params.vehicleId }),
    details: ({ body, result }) => ({ isListening: body.isListening, changed: result.changed }),
  },
});
