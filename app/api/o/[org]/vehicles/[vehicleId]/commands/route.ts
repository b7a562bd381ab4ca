import { commandStepUp } from '@/lib/auth/dangerous-actions';
import { withOrg } from '@/lib/bff/with-org';
import { listCommandHistory } from '@/lib/commands/server/list-command-history';
import { sendCommand } from '@/lib/commands/server/send-vehicle-command';
import { commandHistoryQuerySchema } from '@/lib/commands/history-schemas';
import { sendCommandHeadersSchema, sendCommandSchema } from '@/lib/commands/schemas';
import { vehicleParamsSchema } from '@/lib/validations/route-params';

/** The vehicle's command history: Motorpool's records, reconciled first with the service's list of the vehicle's executions where it has one. */
export const GET = withOrg(({ org, params, query }) => listCommandHistory(org, query, params.vehicleId), {
  permission: 'commands.read',
  params: vehicleParamsSchema,
  query: commandHistoryQuerySchema,
});

export const POST = withOrg((access) => sendCommand(access, access.params.vehicleId, access.body, access.headers['idempotency-key']), {
  permission: 'commands.send',
  params: vehicleParamsSchema,
  body: sendCommandSchema,
  headers: sendCommandHeadersSchema,
  stepUp: ({ body }) => commandStepUp(body),
  audit: {
    action: 'commands.sent',
    target: ({ params }) => ({ type: 'vehicle', id: params.vehicleId }),
    details: ({ body, result }) => ({
      command: body.command,
      arguments: body.args ?? null,
      executionId: result.execution.id,
      // A repeat of an earlier request (same idempotency key): nothing new was sent.
      ...(result.replayed ? { replayed: true } : {}),
    }),
  },
});
