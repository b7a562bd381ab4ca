import 'server-only';
import { AppError } from '@/lib/errors/app-error';
import type { OrgAccess } from '@/lib/bff/org-access';
import { orgVehicleApi } from '@/lib/bff/org-vehicle-api';
import { toExecutionView } from '@/lib/commands/execution-view';
import { getDb, type Db } from '@/lib/db';
import { memberEmails } from '@/lib/members/server/member-emails';
import {
  listCommandExecutions,
  recordCommandOutcomeUnknown,
  recordCommandRejected,
  recordCommandRequested,
  recordCommandSent,
} from '@/lib/db/repos/command-executions';
import type { CommandExecution } from '@/lib/db/schema';
import { isVehicleApiError, type VehicleApi } from '@/lib/vehicle-api';
import type { SendCommandInput } from '@/lib/validations/commands';

export type SendOutcome = { record: CommandExecution; requestId?: string };

const STATUSES = ['PENDING', 'EXECUTED', 'FAILED'] as const;
/** A status outside the contract's three is treated as still pending (and kept in the raw view). */
export function knownStatus(status: string | null | undefined): (typeof STATUSES)[number] {
  return (STATUSES as readonly string[]).includes(status ?? '') ? (status as (typeof STATUSES)[number]) : 'PENDING';
}

/** Failures after which nobody knows whether the vehicle got the command. */
const OUTCOME_UNKNOWN = new Set(['TIMEOUT', 'NETWORK_ERROR']);

/**
 * Sends one command and keeps Motorpool's record of it: written before the upstream call and
 * completed after, so a crash in between leaves a record that start-up marks UNKNOWN.
 * Never retried: a repeated command is a repeated physical action.
 */
export async function sendVehicleCommand(
  db: Db,
  api: VehicleApi,
  input: { organizationId: string; userId: string; vehicleId: string } & SendCommandInput,
): Promise<SendOutcome> {
  const record = await recordCommandRequested(db, {
    organizationId: input.organizationId,
    vehicleId: input.vehicleId,
    command: input.command,
    arguments: input.args && Object.keys(input.args).length > 0 ? input.args : null,
    requestedBy: input.userId,
  });
  try {
    const response = await api.sendCommand(input.vehicleId, input.command, input.args as never);
    const execution = response.data;
    const sent = await recordCommandSent(db, record.id, {
      upstreamExecutionId: execution.id,
      status: knownStatus(execution.status),
      failedReason: execution.failedReason ?? null,
      upstreamRequestId: response.requestId ?? null,
      executedAt: execution.executedAt ? new Date(execution.executedAt) : null,
    });
    return { record: sent, requestId: response.requestId };
  } catch (error) {
    const code = isVehicleApiError(error) ? String(error.code) : 'INTERNAL';
    const requestId = isVehicleApiError(error) ? error.requestId : undefined;
    if (OUTCOME_UNKNOWN.has(code)) await recordCommandOutcomeUnknown(db, record.id, { errorCode: code, upstreamRequestId: requestId });
    else await recordCommandRejected(db, record.id, { errorCode: code, upstreamRequestId: requestId });
    if (isVehicleApiError(error) && error.code === 'COMMAND_ALREADY_IN_PROGRESS') {
      const running = await findRunningExecution(db, input.organizationId, input.vehicleId, input.command);
      throw new AppError('COMMAND_ALREADY_IN_PROGRESS', 'This command is already running on the vehicle; its execution is shown instead.', {
        status: 409,
        requestId,
        details: { runningExecutionId: running?.id ?? null },
      });
    }
    throw error;
  }
}

/** The pending execution of the same command on the same vehicle, from Motorpool's records. */
async function findRunningExecution(db: Db, organizationId: string, vehicleId: string, command: string) {
  const [running] = await listCommandExecutions(db, {
    organizationId,
    vehicleId,
    command,
    status: ['PENDING'],
    localStatus: ['SENT'],
    limit: 1,
  });
  return running;
}

/** A command sent by a member, answered as the execution view the panel watches. */
export async function sendCommand(access: OrgAccess, vehicleId: string, input: SendCommandInput) {
  const db = getDb();
  const { org, user } = access;
  const { record, requestId } = await sendVehicleCommand(db, await orgVehicleApi(org), {
    organizationId: org.id,
    userId: user.id,
    vehicleId,
    ...input,
  });
  return { execution: toExecutionView(record, await memberEmails(db, org.id, [record.requestedBy])), requestId };
}
