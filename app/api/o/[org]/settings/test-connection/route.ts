import { withOrg } from '@/lib/bff/with-org';
import { orgVehicleApi } from '@/lib/bff/org-vehicle-api';

/** Calls `test-token` with the stored credentials and shows whom the upstream says we are. */
export const POST = withOrg(
  async ({ org, setUpstreamRequestId }) => {
    const api = await orgVehicleApi(org);
    const response = await api.testToken();
    setUpstreamRequestId(response.requestId);
    return { clientId: response.data.clientId, organizationId: response.data.organizationId, requestId: response.requestId, durationMs: response.durationMs };
  },
  { permission: 'settings.write', audit: { action: 'settings.connection_tested', target: () => ({ type: 'organization' }) } },
);
