import { commandLabel } from '@/lib/commands/catalog';
import { COMMAND_NOT_OFFERED, EXECUTION_ID_MISSING, NO_OUTCOME_IN_TIME, NOT_RECEIVED } from '@/lib/commands/execution-view';
import { explainFailedReason } from '@/lib/contract/failed-reason-text';
import { explainUpstreamError } from '@/lib/contract/upstream-error-text';

/** How the overview counts a command of the last 24 hours; the list beside the counts shows the failed and unknown ones. */
export type CommandOutcome = 'executed' | 'failed' | 'pending' | 'unknown';

export function outcomeOfCommand(c: { status: string | null; localStatus: string }): CommandOutcome {
  if (c.status === 'EXECUTED') return 'executed';
  if (c.status === 'FAILED' || c.localStatus === 'REJECTED') return 'failed';
  if (c.localStatus === 'UNKNOWN') return 'unknown';
  return 'pending';
}

/** A failed or outcome-unknown command as the overview lists it: Motorpool's own record, worded by the one catalog. */
export type CommandProblemView = {
  id: string;
  vehicleId: string;
  command: string;
  commandLabel: string;
  outcome: 'failed' | 'unknown';
  /** The sentence from the catalog; `code` is the upstream's or Motorpool's code beside it for support. */
  reason: string;
  code: string | null;
  requestedAt: string;
  /** The sender's email; null for a command another client of the service sent. */
  sentBy: string | null;
};

type ProblemRow = {
  id: string;
  vehicleId: string;
  command: string;
  status: string | null;
  localStatus: string;
  failedReason: string | null;
  errorCode: string | null;
  requestedAt: Date;
  requestedBy: string | null;
  origin: string;
};

/** Why a command failed or has no outcome, in plain words (never the upstream's text alone). */
export function problemReason(row: Pick<ProblemRow, 'status' | 'localStatus' | 'failedReason' | 'errorCode' | 'command'>): {
  reason: string;
  code: string | null;
} {
  if (row.status === 'FAILED') {
    if (row.errorCode === NO_OUTCOME_IN_TIME)
      return { reason: 'No outcome arrived within the contract’s five minutes, so Motorpool ended it as timed out.', code: row.errorCode };
    return { reason: explainFailedReason(row.failedReason).title, code: row.failedReason };
  }
  if (row.localStatus === 'REJECTED') {
    if (row.errorCode === COMMAND_NOT_OFFERED)
      return { reason: `This service does not offer ${commandLabel(row.command)}: nothing was sent.`, code: row.errorCode };
    if (row.errorCode === NOT_RECEIVED) return { reason: 'The command never reached the service.', code: row.errorCode };
    const known = explainUpstreamError(row.errorCode);
    return {
      reason: known ? `${known.title}: nothing was sent to the vehicle.` : 'The Vehicle API refused the command.',
      code: row.errorCode,
    };
  }
  if (row.errorCode === EXECUTION_ID_MISSING)
    return { reason: 'Accepted without an execution id to follow, so its outcome is not known.', code: row.errorCode };
  return { reason: 'No usable answer arrived: it is not known whether the vehicle received the command.', code: row.errorCode };
}

/** The newest failed or unknown commands among `rows` (newest first), at most `limit`. */
export function commandProblems(rows: readonly ProblemRow[], emails: ReadonlyMap<string, string>, limit: number): CommandProblemView[] {
  const problems: CommandProblemView[] = [];
  for (const row of rows) {
    const outcome = outcomeOfCommand(row);
    if (outcome !== 'failed' && outcome !== 'unknown') continue;
    problems.push({
      id: row.id,
      vehicleId: row.vehicleId,
      command: row.command,
      commandLabel: commandLabel(row.command),
      outcome,
      ...problemReason(row),
      requestedAt: row.requestedAt.toISOString(),
      sentBy: row.requestedBy ? (emails.get(row.requestedBy) ?? 'former member') : row.origin === 'external' ? 'another client' : null,
    });
    if (problems.length >= limit) break;
  }
  return problems;
}
