import { withOrg } from '@/lib/bff/with-org';
import { listExecutionEvents } from '@/lib/webhooks/server/list-vehicle-events';
import { executionParamsSchema } from '@/lib/validations/route-params';

export const GET = withOrg((access) => listExecutionEvents(access, access.params.executionId), {
  permission: 'commands.read',
  params: executionParamsSchema,
});
