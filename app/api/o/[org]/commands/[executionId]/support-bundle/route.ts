import { withOrg } from '@/lib/bff/with-org';
import { executionParamsSchema } from '@/lib/validations/route-params';
import { buildExecutionSupportBundle } from '@/lib/support/server/build-support-bundle';

export const GET = withOrg(({ org, params }) => buildExecutionSupportBundle(org, params.executionId), {
  permission: 'commands.read',
  params: executionParamsSchema,
});
