import { withOrg } from '@/lib/bff/with-org';
import { orgVehicleApi } from '@/lib/bff/org-vehicle-api';
import { listeningBodySchema } from '@/lib/validations/listening';
import { vehicleParamsSchema } from '@/lib/validations/route-params';

/**
 * Sets the listening state. The upstream answers 202 when it changed and 200 when it already was
 * so (a no-op it does not audit); `changed` passes that on.
 */
export const POST = withOrg(
  async ({ org, params, body, setUpstreamRequestId }) => {
    const response = await (await orgVehicleApi(org)).setListening(params.vehicleId, body.isListening);
    setUpstreamRequestId(response.requestId);
    return { ...response.data, changed: response.status === 202 };
  },
  {
    permission: 'listening.write',
    params: vehicleParamsSchema,
    body: listeningBodySchema,
    audit: {
      action: 'vehicles.listening_set',
      target: ({ params }) => ({ type: 'vehicle', id: (params as { vehicleId: string }).vehicleId }),
      details: ({ body, result }) => ({ isListening: (body as { isListening: boolean }).isListening, changed: (result as { changed?: boolean } | undefined)?.changed }),
    },
  },
);
