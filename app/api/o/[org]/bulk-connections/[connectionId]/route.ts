import { withOrg } from '@/lib/bff/with-org';
import { orgVehicleApi } from '@/lib/bff/org-vehicle-api';
import { bulkConnectionParamsSchema } from '@/lib/validations/eligibility';

/** The overall status of a bulk connection request, looked up by its id. */
export const GET = withOrg(
  async ({ org, params }) => {
    const response = await (await orgVehicleApi(org)).getBulkConnection(params.connectionId);
    return { connection: response.data, requestId: response.requestId };
  },
  { permission: 'eligibility.read', params: bulkConnectionParamsSchema },
);
