import { withOrg } from '@/lib/bff/with-org';
import { getExecution } from '@/lib/commands/server/get-execution';
import { executionParamsSchema } from '@/lib/validations/route-params';

export const GET = withOrg(({ org, params }) => getExecution(org, params.executionId), {
  permission: 'commands.read',
  params: executionParamsSchema,
});
