import 'server-only';
import { COMMAND_TIMEOUT_SECONDS } from '@/lib/contract/vehicle-api';
import type { Db } from '@/lib/db';
import { claimStatusCheck, getCommandExecutionById, recordCommandTimedOut, updateCommandStatus } from '@/lib/db/repos/command-executions';
import type { CommandExecution } from '@/lib/db/schema';
import { NO_OUTCOME_IN_TIME } from '@/lib/commands/execution-view';
import { readUpstreamDate } from '@/lib/commands/upstream-date';
import type { VehicleApi } from '@/lib/vehicle-api';
import { countCommandOutcome } from '@/lib/ops/observe';
import { notifyCommandEnd } from './notify-command-end';
import { publishExecutionChange } from './publish-execution-change';

/** However many browsers, jobs and instances watch one execution, the upstream is asked about it at most this often. */
export const STATUS_CHECK_INTERVAL_MS = 1_000;

/** The contract's time-out, plus a margin for the service to say so itself before Motorpool does. */
const TIMEOUT_MS = COMMAND_TIMEOUT_SECONDS * 1000;
const TIMEOUT_MARGIN_MS = 30_000;

const STATUSES = ['PENDING', 'EXECUTED', 'FAILED'] as const;
/** A status outside the contract's three is treated as still pending (and kept in the raw view). */
export function knownStatus(status: string | null | undefined): (typeof STATUSES)[number] {
  return (STATUSES as readonly string[]).includes(status ?? '') ? (status as (typeof STATUSES)[number]) : 'PENDING';
}

/** What the upstream says of one execution, however little of it parsed. */
export type UpstreamExecution = { status?: string | null; failedReason?: string | null; executedAt?: string | null };

/** The upstream's execution as the columns Motorpool keeps: a date that does not parse is kept as it came. */
export function outcomeOf(execution: UpstreamExecution) {
  const executedAt = readUpstreamDate(execution.executedAt);
  return {
    status: knownStatus(execution.status),
    failedReason: execution.failedReason ?? null,
    executedAt: executedAt.date,
    executedAtRaw: executedAt.raw,
  };
}

/**
 * The one state machine of a sent execution: PENDING moves to EXECUTED or FAILED, never back
 * (the repository's conditional UPDATE refuses it), whoever asked (a watcher, the settler, a list).
 */
export async function applyUpstreamExecution(db: Db, record: CommandExecution, execution: UpstreamExecution): Promise<CommandExecution> {
  const updated = (await updateCommandStatus(db, record.id, outcomeOf(execution))) ?? record;
  if (record.status === 'PENDING' && updated.status !== 'PENDING' && updated.status) countCommandOutcome(updated.status);
  // Whoever asked (a watcher, the settler, a pushed event, a list), the open pages hear of a move.
  if (updated.status !== record.status || updated.failedReason !== record.failedReason) await publishExecutionChange(updated);
  if (record.status === 'PENDING' && updated.status === 'FAILED') await notifyCommandEnd(db, updated, 'failed');
  return updated;
}

/** Still PENDING past the contract's five minutes: ended as timed out, as the contract says the service would. */
export async function applyTimeout(db: Db, record: CommandExecution, now: number): Promise<CommandExecution> {
  if (record.status !== 'PENDING' || record.localStatus !== 'SENT') return record;
  // Our own clock: the service's `executedAt` may come from a clock that differs.
  if (now - record.requestedAt.getTime() < TIMEOUT_MS + TIMEOUT_MARGIN_MS) return record;
  const timedOut = await recordCommandTimedOut(db, record.id, NO_OUTCOME_IN_TIME);
  if (timedOut) {
    countCommandOutcome('TIMED_OUT');
    await publishExecutionChange(timedOut);
    await notifyCommandEnd(db, timedOut, 'unknown');
  }
  return timedOut ?? record;
}

/** A sent execution the upstream can be asked about. */
export const isFollowable = (record: CommandExecution) =>
  record.localStatus === 'SENT' && record.status === 'PENDING' && record.upstreamExecutionId !== null;

/**
 * Asks the upstream about a pending execution when this caller wins the database claim (at most
 * once a second per execution, cluster-wide); the others read the record as the winner leaves it.
 * An upstream failure is thrown, after the time-out has been applied.
 */
export async function checkExecutionStatus(db: Db, api: VehicleApi, record: CommandExecution, now = Date.now()): Promise<CommandExecution> {
  if (!isFollowable(record)) return record;
  if (!(await claimStatusCheck(db, record.id, new Date(now), STATUS_CHECK_INTERVAL_MS))) {
    return (await getCommandExecutionById(db, record.id)) ?? record;
  }
  try {
    const response = await api.getCommandExecution(record.vehicleId, record.upstreamExecutionId!);
    return await applyTimeout(db, await applyUpstreamExecution(db, record, response.data), now);
  } catch (error) {
    const ended = await applyTimeout(db, record, now);
    if (ended !== record) return ended;
    throw error;
  }
}
