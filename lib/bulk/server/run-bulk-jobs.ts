import 'server-only';
import type { Db } from '@/lib/db';
import { can } from '@/lib/auth/permissions';
import { appendAuditEvent } from '@/lib/db/repos/audit';
import { getMemberRole } from '@/lib/db/repos/memberships';
import { findUserById } from '@/lib/db/repos/users';
import {
  attachBulkExecution,
  claimBulkJob,
  countBulkAttempt,
  listBulkItems,
  releaseBulkLease,
  renewBulkLease,
  setBulkJobStatus,
  settleBulkItem,
} from '@/lib/db/repos/bulk-jobs';
import { getCommandExecutionById, listCommandExecutions } from '@/lib/db/repos/command-executions';
import type { BulkJob, BulkJobItem, CommandExecution } from '@/lib/db/schema';
import { explainFailedReason } from '@/lib/contract/failed-reason-text';
import { sendVehicleCommand } from '@/lib/commands/server/send-vehicle-command';
import { AppError } from '@/lib/errors/app-error';
import type { SendCommandInput } from '@/lib/commands/schemas';
import { isVehicleApiError, type VehicleApi } from '@/lib/vehicle-api';
import { bulkActionPermission } from '../bulk-job-view';
import { UNKNOWN_OUTCOME } from '../retry';
import { publishChange } from '@/lib/live/server/publish-change';

export type BulkRunnerOptions = {
  /** This process's name on the lease. */
  owner: string;
  leaseMs: number;
  apiFor: (organizationId: string) => Promise<VehicleApi | undefined>;
  /** Vehicles worked on at once within one job. */
  concurrency?: number;
  now?: () => Date;
};

type ItemOutcome =
  | { outcome: 'done' | 'skipped' | 'failed'; reason?: string; requestId?: string }
  /** The upstream asked to wait (breaker open, rate limited, unavailable): the item stays pending for a later pass. */
  | { outcome: 'wait'; reason: string }
  /** A command sent and not decided yet: the item follows its execution on later passes. */
  | { outcome: 'following' };

/** Codes after which the same call may succeed later: the vehicle waits, it is not failed. */
const WAIT_CODES = new Set(['UPSTREAM_PAUSED', 'RATE_LIMITED', 'TIMEOUT', 'NETWORK_ERROR', 'UPSTREAM_DEADLINE', 'SERVER_ERROR']);

const REASONS: Record<string, string> = {
  RESOURCE_NOT_FOUND: 'The Vehicle API does not know this vehicle (disconnected or not in this organization).',
  NOT_PERMITTED: 'The Vehicle API does not permit this for the vehicle.',
  REQUEST_VALIDATION_ERROR: 'The Vehicle API refused the request for this vehicle.',
};

const isWait = (code: string, status = 0) => WAIT_CODES.has(code) || status === 429 || status >= 500;

/** What an execution record says of the item: decided, or still to follow. */
function fromExecution(record: CommandExecution, requestId?: string | null): ItemOutcome {
  const request = record.upstreamRequestId ?? requestId ?? undefined;
  if (record.localStatus === 'REJECTED')
    return { outcome: 'failed', reason: `${record.errorCode}: the Vehicle API refused the command.`, requestId: request };
  if (record.localStatus === 'UNKNOWN') {
    return { outcome: 'failed', reason: `${record.errorCode}: ${UNKNOWN_OUTCOME}`, requestId: request };
  }
  if (record.status === 'EXECUTED') return { outcome: 'done', requestId: request };
  if (record.status === 'FAILED') {
    const reason = record.failedReason ?? 'UNKNOWN';
    return { outcome: 'failed', reason: `${reason}: ${explainFailedReason(reason).title}`, requestId: request };
  }
  return { outcome: 'following' };
}

const HOUR_MS = 60 * 60_000;
/** How often a running pass asks again whether the job's creator may still do what it does. */
const CREATOR_RECHECK_MS = 5_000;

/**
 * A job acts as the member who started it: once they left the organization, their role lost the
 * action's permission, or an operator disabled their account, it must not send another command
 * or change another vehicle. A job whose creator's account was deleted (null) keeps its earlier
 * behaviour (commands fail per item).
 */
async function creatorMayContinue(db: Db, job: BulkJob): Promise<boolean> {
  if (!job.createdBy) return true;
  const [role, creator] = await Promise.all([getMemberRole(db, job.organizationId, job.createdBy), findUserById(db, job.createdBy)]);
  return !creator?.disabledAt && can(role, bulkActionPermission(job.action));
}

async function cancelForCreator(db: Db, job: BulkJob): Promise<void> {
  const cancelled = await setBulkJobStatus(db, job.id, ['running', 'paused'], 'cancelled');
  if (!cancelled) return;
  await appendAuditEvent(db, {
    organizationId: job.organizationId,
    actorUserId: job.createdBy,
    actorEmail: job.createdByEmail,
    action: 'bulk.controlled',
    targetType: 'bulk_job',
    targetId: job.id,
    outcome: 'success',
    upstreamRequestId: null,
    details: { op: 'cancel', reason: 'The member who started the job no longer may do this (left, lost the permission, or was disabled).' },
  });
}

/**
 * One command to one vehicle of the job: never twice (the idempotency key names the job, the
 * vehicle and the attempt, and an attempt is repeated only when the send was refused for certain
 * before reaching the vehicle), not while the same command is pending on it, not past its budget.
 */
async function applyCommand(db: Db, api: VehicleApi, job: BulkJob, item: BulkJobItem): Promise<ItemOutcome> {
  if (item.executionId) {
    const record = await getCommandExecutionById(db, item.executionId);
    return record ? fromExecution(record) : { outcome: 'failed', reason: 'The execution record is gone.' };
  }
  const spec = job.args as SendCommandInput;
  if (!job.createdBy) return { outcome: 'failed', reason: 'The member who started the job is no longer in the organization.' };
  const idempotencyKey = `bulk:${job.id}:${item.vehicleId}:${item.attempts}`;
  const [running] = await listCommandExecutions(db, {
    organizationId: job.organizationId,
    vehicleId: item.vehicleId,
    command: spec.command,
    status: ['PENDING'],
    localStatus: ['SENT'],
    from: new Date(Date.now() - HOUR_MS),
    limit: 1,
  });
  if (running && running.idempotencyKey !== idempotencyKey) {
    return { outcome: 'skipped', reason: `A ${spec.command} command is already pending on this vehicle (execution ${running.id}).` };
  }
  try {
    const limits = await api.getRateLimits(item.vehicleId);
    const budget = limits.data.find((l) => /_COMMANDS$/.test(String(l.key)) && !/STOP/.test(String(l.key)));
    if (budget && budget.remainingRequests === 0) {
      return {
        outcome: 'skipped',
        reason: `The vehicle's command budget is spent (0 of ${budget.maxRequests} per ${budget.windowSizeSeconds} s).`,
        requestId: limits.requestId,
      };
    }
  } catch (error) {
    if (isVehicleApiError(error) && isWait(String(error.code), error.status)) return { outcome: 'wait', reason: String(error.code) };
    // Budget unknown (the service reports none for this vehicle): the command itself will say.
  }
  try {
    const { record, requestId } = await sendVehicleCommand(db, api, {
      organizationId: job.organizationId,
      userId: job.createdBy,
      vehicleId: item.vehicleId,
      idempotencyKey,
      ...spec,
    });
    await attachBulkExecution(db, job.id, item.vehicleId, record.id);
    return fromExecution(record, requestId);
  } catch (error) {
    const code = error instanceof AppError || isVehicleApiError(error) ? String(error.code) : 'INTERNAL';
    const requestId = error instanceof AppError ? error.body.upstreamRequestId : isVehicleApiError(error) ? error.requestId : undefined;
    // Refused before reaching the vehicle: a later pass sends it again under a new key.
    if (code === 'UPSTREAM_PAUSED' || code === 'RATE_LIMITED') {
      await countBulkAttempt(db, job.id, item.vehicleId);
      return { outcome: 'wait', reason: code };
    }
    if (code === 'COMMAND_ALREADY_IN_PROGRESS')
      return { outcome: 'skipped', reason: 'The same command is already pending on this vehicle.', requestId };
    const unknown = isVehicleApiError(error) && (error.status === 0 || error.status >= 500);
    return {
      outcome: 'failed',
      reason: unknown ? `${code}: ${UNKNOWN_OUTCOME}` : `${code}: ${REASONS[code] ?? 'the command was refused.'}`,
      requestId,
    };
  }
}

async function apply(db: Db, api: VehicleApi, job: BulkJob, item: BulkJobItem): Promise<ItemOutcome> {
  if (job.action === 'command') return applyCommand(db, api, job, item);
  const vehicleId = item.vehicleId;
  try {
    const tag = job.args as { key: string; value: string } | null;
    switch (job.action) {
      case 'tag.add': {
        const response = await api.createTag({ key: tag!.key, value: tag!.value, objectId: vehicleId });
        return { outcome: 'done', requestId: response.requestId };
      }
      case 'tag.remove': {
        const response = await api.deleteTag({ key: tag!.key, value: tag!.value, objectId: vehicleId });
        return { outcome: 'done', requestId: response.requestId };
      }
      case 'listening.on':
      case 'listening.off': {
        const on = job.action === 'listening.on';
        const response = await api.setListening(vehicleId, on);
        // 200: the vehicle already was so (the upstream's no-op, which it does not audit).
        if (response.status !== 202) {
          return { outcome: 'skipped', reason: `Already ${on ? 'listening' : 'not listening'}.`, requestId: response.requestId };
        }
        return { outcome: 'done', requestId: response.requestId };
      }
    }
    return { outcome: 'failed', reason: `Unknown action ${String(job.action)}.` };
  } catch (error) {
    if (!isVehicleApiError(error)) throw error;
    if (isWait(String(error.code), error.status)) return { outcome: 'wait', reason: String(error.code) };
    const code = String(error.code);
    return { outcome: 'failed', reason: `${code}: ${REASONS[code] ?? 'The Vehicle API refused it.'}`, requestId: error.requestId };
  }
}

/**
 * One pass: claims one running job whose lease is free (or its own), works through its pending
 * vehicles in the order chosen, writes each outcome once and audits each vehicle touched. Stops
 * when the job is paused or cancelled (seen at the lease renewal before each vehicle), when the
 * lease is lost, when the upstream asks to wait (the breaker, a 429, a 5xx), or on `signal`.
 * Commands are sent once and then followed: their items are decided on later passes, once the
 * settle job has the execution's outcome. Returns the job it worked on, if any, and whether
 * anything moved (a caller loops while something does).
 */
const PROGRESS_NOTICE_MS = 250;

export async function runBulkJobs(
  db: Db,
  options: BulkRunnerOptions,
  signal?: AbortSignal,
): Promise<{ job: BulkJob; progressed: boolean } | undefined> {
  const now = options.now ?? (() => new Date());
  const job = await claimBulkJob(db, options.owner, now(), options.leaseMs);
  if (!job) return undefined;
  let waiting = false;
  let stopped = false;
  let progressed = false;
  // Open pages hear of progress at most every PROGRESS_NOTICE_MS during a pass, and once at its end.
  let noticedAt = 0;
  const noticeProgress = async (force: boolean) => {
    if (!force && Date.now() - noticedAt < PROGRESS_NOTICE_MS) return;
    noticedAt = Date.now();
    await publishChange(job.organizationId, { kind: 'bulk', jobId: job.id });
  };
  try {
    const api = await options.apiFor(job.organizationId);
    if (!api) {
      await setBulkJobStatus(db, job.id, ['running', 'paused'], 'cancelled');
      progressed = true;
      return { job, progressed };
    }
    let checkedAt = Date.now();
    if (!(await creatorMayContinue(db, job))) {
      await cancelForCreator(db, job);
      progressed = true;
      return { job, progressed };
    }
    const pending = await listBulkItems(db, job.id, { pendingOnly: true });
    let next = 0;
    const worker = async () => {
      while (!stopped && !waiting && !signal?.aborted && next < pending.length) {
        const item = pending[next++]!;
        const current = await renewBulkLease(db, job.id, options.owner, now(), options.leaseMs);
        if (!current) {
          stopped = true;
          return;
        }
        if (Date.now() - checkedAt >= CREATOR_RECHECK_MS) {
          checkedAt = Date.now();
          if (!(await creatorMayContinue(db, job))) {
            stopped = true;
            await cancelForCreator(db, job);
            return;
          }
        }
        const result = await apply(db, api, job, item);
        if (result.outcome === 'wait') {
          waiting = true;
          return;
        }
        if (result.outcome === 'following') {
          if (!item.executionId) progressed = true;
          continue;
        }
        progressed = true;
        const written = await settleBulkItem(db, job.id, item.vehicleId, result.outcome, {
          reason: result.reason,
          upstreamRequestId: result.requestId,
        });
        if (written) {
          await appendAuditEvent(db, {
            organizationId: job.organizationId,
            actorUserId: job.createdBy,
            actorEmail: job.createdByEmail,
            action: `bulk.${job.action}`,
            targetType: 'vehicle',
            targetId: item.vehicleId,
            outcome: result.outcome === 'failed' ? 'failure' : 'success',
            upstreamRequestId: result.requestId ?? null,
            details: { jobId: job.id, outcome: result.outcome, ...(result.reason ? { reason: result.reason } : {}), ...(job.args ?? {}) },
          });
          await noticeProgress(false);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, worker));
    if (!waiting && !stopped && !signal?.aborted) {
      const left = await listBulkItems(db, job.id, { pendingOnly: true, limit: 1 });
      if (left.length === 0) await setBulkJobStatus(db, job.id, ['running'], 'done');
    }
    return { job, progressed };
  } finally {
    await releaseBulkLease(db, job.id, options.owner);
    if (progressed) await noticeProgress(true);
  }
}
