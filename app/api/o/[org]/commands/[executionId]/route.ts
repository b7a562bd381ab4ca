import { AppError } from '@/lib/errors/app-error';
import { withOrg } from '@/lib/bff/with-org';
import { refreshExecution } from '@/lib/commands/execution-status';
import { toExecutionView } from '@/lib/commands/execution-view';
import { memberEmails } from '@/lib/commands/history';
import { getDb } from '@/lib/db';
import { getCommandExecution } from '@/lib/db/repos/command-executions';
import { orgVehicleApi } from '@/lib/bff/org-vehicle-api';
import { executionParamsSchema } from '@/lib/validations/route-params';

/** One execution, its status refreshed from the upstream at most once a second however many watch. */
export const GET = withOrg(
  async ({ org, params }) => {
    const db = getDb();
    const record = await getCommandExecution(db, org.id, params.executionId);
    if (!record) throw new AppError('NOT_FOUND', 'No such command execution.');
    const current = await refreshExecution(db, await orgVehicleApi(org), record);
    return { execution: toExecutionView(current, await memberEmails(db, org.id, [current.requestedBy])) };
  },
  { permission: 'commands.read', params: executionParamsSchema },
);
