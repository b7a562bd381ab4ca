import { withOrg } from '@/lib/bff/with-org';
import { toExecutionView } from '@/lib/commands/execution-view';
import { commandHistory, memberEmails } from '@/lib/commands/history';
import { sendVehicleCommand } from '@/lib/commands/send-command';
import { getDb } from '@/lib/db';
import { orgVehicleApi } from '@/lib/bff/org-vehicle-api';
import { commandHistoryQuerySchema } from '@/lib/validations/command-history';
import { sendCommandSchema } from '@/lib/validations/commands';
import { vehicleParamsSchema } from '@/lib/validations/route-params';

/** The vehicle's command history, from Motorpool's own records (the upstream lists none). */
export const GET = withOrg(
  async ({ org, params, query }) => commandHistory(getDb(), org.id, { ...query, vehicleId: params.vehicleId }),
  { permission: 'commands.read', params: vehicleParamsSchema, query: commandHistoryQuerySchema },
);

export const POST = withOrg(
  async ({ org, user, params, body, setUpstreamRequestId }) => {
    const db = getDb();
    const { record, requestId } = await sendVehicleCommand(db, await orgVehicleApi(org), {
      organizationId: org.id,
      userId: user.id,
      vehicleId: params.vehicleId,
      ...body,
    });
    setUpstreamRequestId(requestId);
    return { execution: toExecutionView(record, await memberEmails(db, org.id, [record.requestedBy])) };
  },
  {
    permission: 'commands.send',
    params: vehicleParamsSchema,
    body: sendCommandSchema,
    audit: {
      action: 'commands.sent',
      target: ({ params }) => ({ type: 'vehicle', id: (params as { vehicleId: string }).vehicleId }),
      details: ({ body, result }) => ({
        command: (body as { command: string }).command,
        arguments: (body as { args?: unknown }).args ?? null,
        executionId: (result as { execution?: { id: string } } | undefined)?.execution?.id,
      }),
    },
  },
);
