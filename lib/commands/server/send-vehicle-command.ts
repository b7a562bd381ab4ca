import 'server-only';
import { AppError } from '@/lib/errors/app-error';
import { memberEmails } from '@/lib/members/server/member-emails';
import type { OrgAccess } from '@/lib/org/org-access';
import { orgVehicleApi } from '@/lib/org/org-vehicle-api';
import { commandLabel } from '@/lib/commands/catalog';
import { COMMAND_NOT_OFFERED, EXECUTION_ID_MISSING, toExecutionView } from '@/lib/commands/execution-view';
import { readUpstreamDate } from '@/lib/commands/upstream-date';
import { knownStatus } from './check-execution-status';
import { notifyCommandEnd } from './notify-command-end';
import { publishExecutionChange } from './publish-execution-change';
import { getDb, type Db } from '@/lib/db';
import {
  claimCommandRequest,
  getCommandExecutionById,
  listCommandExecutions,
  recordCommandOutcomeUnknown,
  recordCommandRejected,
  recordCommandRequested,
  recordCommandSent,
} from '@/lib/db/repos/command-executions';
import { forgetUnofferedCommand, rememberUnofferedCommand } from '@/lib/db/repos/unoffered-commands';
import type { CommandExecution } from '@/lib/db/schema';
import { isVehicleApiError, type VehicleApi, type VehicleApiError } from '@/lib/vehicle-api';
import type { SendCommandInput } from '@/lib/commands/schemas';
import { canonicalJson } from '@/lib/commands/canonical-json';
import { logger } from '@/lib/ops/log';

/** `replayed`: the key was used before, and this is the first request's execution (nothing new was sent). */
export type SendOutcome = { record: CommandExecution; requestId?: string; replayed?: boolean };

/** Failures after which nobody knows whether the vehicle got the command. */
const OUTCOME_UNKNOWN = new Set(['TIMEOUT', 'NETWORK_ERROR', 'UPSTREAM_DEADLINE']);

/**
 * A 5xx on a command's creation may come after the service took the command (a gateway's 502, an
 * answer cut short): the outcome is unknown, not refused, until the service's list says which.
 */
const outcomeUnknown = (error: unknown, code: string) =>
  OUTCOME_UNKNOWN.has(code) || (isVehicleApiError(error) && error.status >= 500 && error.status < 600);

/** What Motorpool keeps of an execution the upstream answered with 2xx, however little of it could be read. */
type Accepted = {
  upstreamExecutionId: string | null;
  status?: string | null;
  failedReason?: string | null;
  executedAt?: string | null;
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const textOrNull = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** A 2xx body that did not parse still names the execution when it has a string `id`. */
function acceptedFromRaw(raw: unknown): Accepted {
  const body = isRecord(raw) ? raw : {};
  return {
    upstreamExecutionId: textOrNull(body.id),
    status: textOrNull(body.status),
    failedReason: textOrNull(body.failedReason),
    executedAt: textOrNull(body.executedAt),
  };
}

/** The upstream answered 2xx: the command was accepted, whatever happened to reading the answer. */
const acceptedAnswer = (error: unknown): error is VehicleApiError => isVehicleApiError(error) && error.status >= 200 && error.status < 300;

/**
 * Sends one command and keeps Motorpool's record of it: written before the upstream call and
 * completed after, so a crash in between leaves a record that start-up marks UNKNOWN.
 * Never retried: a repeated command is a repeated physical action.
 *
 * Once the upstream answered 2xx, nothing local (an unreadable answer, a failed write) may turn
 * the record into a refusal or the answer into an error: the person would press again.
 */
export async function sendVehicleCommand(
  db: Db,
  api: VehicleApi,
  input: { organizationId: string; userId: string; vehicleId: string; idempotencyKey?: string } & SendCommandInput,
  options: { repeatWaitMs?: number } = {},
): Promise<SendOutcome> {
  const request = {
    organizationId: input.organizationId,
    vehicleId: input.vehicleId,
    command: input.command,
    arguments: input.args && Object.keys(input.args).length > 0 ? input.args : null,
    requestedBy: input.userId,
  };
  const claim = input.idempotencyKey
    ? await claimCommandRequest(db, { ...request, idempotencyKey: input.idempotencyKey })
    : { record: await recordCommandRequested(db, request), first: true };
  if (!claim.first) return answerRepeat(db, claim.record, request, options.repeatWaitMs ?? REPEAT_WAIT_MS);
  const record = claim.record;
  await publishExecutionChange(record);
  let accepted: Accepted;
  let requestId: string | undefined;
  try {
    const response = await api.sendCommand(input.vehicleId, input.command, input.args as never);
    const { id, status, failedReason, executedAt } = response.data;
    accepted = { upstreamExecutionId: id ?? null, status, failedReason, executedAt };
    requestId = response.requestId;
  } catch (error) {
    if (!acceptedAnswer(error)) throw await recordRefusal(db, record, input, error);
    accepted = acceptedFromRaw(error.raw);
    requestId = error.requestId;
  }
  await forgetUnofferedCommand(db, input.organizationId, input.command).catch((error: unknown) =>
    logger().error({ event: 'commands.unoffered_not_forgotten', err: error }, 'could not forget that a command was not offered'),
  );
  const sent = await recordAcceptance(db, record, accepted, requestId);
  await publishExecutionChange(sent);
  return { record: sent, requestId };
}

/** How long a repeat waits for the first request with its key to get the upstream's answer. */
const REPEAT_WAIT_MS = 20_000;

/**
 * A request whose key the organization already used: the first execution is the answer, once
 * the first request has it; the upstream is not called again. A key reused for another command
 * is refused rather than silently answered with the wrong execution.
 */
async function answerRepeat(
  db: Db,
  first: CommandExecution,
  request: { vehicleId: string; command: string; arguments: Record<string, unknown> | null },
  waitMs: number,
): Promise<SendOutcome> {
  const same =
    first.vehicleId === request.vehicleId &&
    first.command === request.command &&
    canonicalJson(first.arguments) === canonicalJson(request.arguments);
  if (!same) {
    throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This idempotency key was already used for another command; send it with a new key.', {
      details: { executionId: first.id },
    });
  }
  let current = first;
  const deadline = Date.now() + waitMs;
  while (current.localStatus === 'REQUESTING' && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    current = (await getCommandExecutionById(db, first.id)) ?? current;
  }
  return { record: current, requestId: current.upstreamRequestId ?? undefined, replayed: true };
}

/** Records an accepted command; a failed write is logged and answered from memory, never as an error. */
async function recordAcceptance(db: Db, record: CommandExecution, accepted: Accepted, requestId: string | undefined) {
  const executedAt = readUpstreamDate(accepted.executedAt);
  const status = knownStatus(accepted.status);
  // Without an id a pending execution can never be asked about again: sent, outcome unknown.
  const unfollowable = !accepted.upstreamExecutionId && status === 'PENDING';
  const update = {
    upstreamExecutionId: accepted.upstreamExecutionId,
    status,
    outcomeUnknownCode: unfollowable ? EXECUTION_ID_MISSING : undefined,
    failedReason: accepted.failedReason ?? null,
    upstreamRequestId: requestId ?? null,
    executedAt: executedAt.date,
    executedAtRaw: executedAt.raw,
  };
  try {
    return await recordCommandSent(db, record.id, update);
  } catch (error) {
    logger().error(
      { event: 'commands.accepted_not_recorded', executionId: record.id, requestId, err: error },
      'an accepted command could not be recorded as sent',
    );
    const { outcomeUnknownCode, ...fields } = update;
    return {
      ...record,
      ...fields,
      localStatus: outcomeUnknownCode ? ('UNKNOWN' as const) : ('SENT' as const),
      errorCode: outcomeUnknownCode ?? null,
      updatedAt: new Date(),
    };
  }
}

/** Records why the upstream did not take the command, and answers the error to throw. */
async function recordRefusal(
  db: Db,
  record: CommandExecution,
  input: { organizationId: string; vehicleId: string; command: string },
  error: unknown,
): Promise<unknown> {
  const notOffered = isVehicleApiError(error) && error.code === 'ENDPOINT_NOT_FOUND';
  const code = notOffered ? COMMAND_NOT_OFFERED : isVehicleApiError(error) ? String(error.code) : 'INTERNAL';
  const requestId = isVehicleApiError(error) ? error.requestId : undefined;
  try {
    if (notOffered) {
      await rememberUnofferedCommand(db, {
        organizationId: input.organizationId,
        command: input.command,
        vehicleId: input.vehicleId,
        upstreamRequestId: requestId,
      });
    }
    if (outcomeUnknown(error, code)) {
      await recordCommandOutcomeUnknown(db, record.id, { errorCode: code, upstreamRequestId: requestId });
      await notifyCommandEnd(db, record, 'unknown');
    } else await recordCommandRejected(db, record.id, { errorCode: code, upstreamRequestId: requestId });
    await publishExecutionChange(record);
  } catch (writeError) {
    // The upstream's answer matters more to the person than our bookkeeping of it.
    logger().error(
      { event: 'commands.refusal_not_recorded', executionId: record.id, requestId, err: writeError },
      'a refused command could not be recorded',
    );
  }
  if (notOffered) {
    return new AppError(COMMAND_NOT_OFFERED, `This service does not offer ${commandLabel(input.command)} for this vehicle.`, {
      upstreamRequestId: requestId,
      details: { command: input.command },
    });
  }
  if (isVehicleApiError(error) && error.code === 'COMMAND_ALREADY_IN_PROGRESS') {
    const running = await findRunningExecution(db, input.organizationId, input.vehicleId, input.command);
    return new AppError('COMMAND_ALREADY_IN_PROGRESS', 'This command is already running on the vehicle; its execution is shown instead.', {
      upstreamRequestId: requestId,
      details: { runningExecutionId: running?.id ?? null },
    });
  }
  return error;
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
export async function sendCommand(access: OrgAccess, vehicleId: string, input: SendCommandInput, idempotencyKey: string | undefined) {
  const db = getDb();
  const { org, user } = access;
  const {
    record,
    requestId,
    replayed = false,
  } = await sendVehicleCommand(db, await orgVehicleApi(org), {
    organizationId: org.id,
    userId: user.id,
    vehicleId,
    idempotencyKey,
    ...input,
  });
  // The sender is the signed-in member for a new record; a repeat may name another (an earlier request in another tab).
  const emails = record.requestedBy === user.id ? new Map([[user.id, user.email]]) : await memberEmails(db, org.id, [record.requestedBy]);
  return { execution: toExecutionView(record, emails), requestId, replayed };
}
