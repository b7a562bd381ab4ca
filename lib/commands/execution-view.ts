/**
 * What the browser sees of a command execution: Motorpool's record merged with the upstream's
 * status, reduced to one `state` the UI colours the same everywhere.
 */
export type ExecutionState = 'pending' | 'executed' | 'failed' | 'rejected' | 'unknown';

/** The outcome of an execution as the upstream answered it and as Motorpool recorded the call (the view and the support bundle show both). */
export type ExecutionOutcome = {
  status: 'PENDING' | 'EXECUTED' | 'FAILED' | null;
  failedReason: string | null;
  errorCode: string | null;
  upstreamExecutionId: string | null;
  upstreamRequestId: string | null;
};

export function outcomeOf(row: ExecutionOutcome): ExecutionOutcome {
  return {
    status: row.status,
    failedReason: row.failedReason,
    errorCode: row.errorCode,
    upstreamExecutionId: row.upstreamExecutionId,
    upstreamRequestId: row.upstreamRequestId,
  };
}

export type ExecutionView = ExecutionOutcome & {
  id: string;
  vehicleId: string;
  command: string;
  arguments: Record<string, unknown> | null;
  requestedBy: string | null;
  state: ExecutionState;
  requestedAt: string;
  executedAt: string | null;
  /** The upstream's `executedAt` as it came, when it was not a date. */
  executedAtRaw: string | null;
  settledAt: string | null;
  /** `external`: sent by another client of the service, seen in its list of executions. */
  origin: 'motorpool' | 'external';
  /** What the vehicle's data showed of an executed command's effect, once read (see effect-confirmation.ts). */
  confirmation: 'confirmed' | 'not_seen' | 'not_reported' | null;
  /** The time of the vehicle's data that showed the effect. */
  confirmedAt: string | null;
};

/** The error code of a command the upstream accepted without an execution id: sent, outcome unknown. */
export const EXECUTION_ID_MISSING = 'EXECUTION_ID_MISSING';

/** The error code of a command the organization's service does not offer (a framework 404 on its path). */
export const COMMAND_NOT_OFFERED = 'COMMAND_NOT_OFFERED';

export const TERMINAL_STATES: ReadonlySet<ExecutionState> = new Set(['executed', 'failed', 'rejected', 'unknown']);

/** The error code of a command the upstream's own list shows it never received (the repository writes it). */
export const NOT_RECEIVED = 'NOT_RECEIVED';
/** The error code of a pending execution Motorpool ended after the contract's five minutes. */
export const NO_OUTCOME_IN_TIME = 'NO_OUTCOME_IN_TIME';

type Row = ExecutionOutcome & {
  id: string;
  vehicleId: string;
  command: string;
  arguments: Record<string, unknown> | null;
  requestedBy: string | null;
  localStatus: 'REQUESTING' | 'SENT' | 'UNKNOWN' | 'REJECTED';
  requestedAt: Date;
  executedAt: Date | null;
  executedAtRaw: string | null;
  settledAt: Date | null;
  origin: 'motorpool' | 'external';
  confirmation: 'confirmed' | 'not_seen' | 'not_reported' | null;
  confirmedAt: Date | null;
};

export function stateOf(row: Pick<Row, 'localStatus' | 'status'>): ExecutionState {
  if (row.localStatus === 'REJECTED') return 'rejected';
  if (row.localStatus === 'UNKNOWN') return 'unknown';
  if (row.status === 'EXECUTED') return 'executed';
  if (row.status === 'FAILED') return 'failed';
  return 'pending';
}

export function toExecutionView(row: Row, emails: ReadonlyMap<string, string>): ExecutionView {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    id: row.id,
    vehicleId: row.vehicleId,
    command: row.command,
    arguments: row.arguments,
    requestedBy: row.requestedBy ? (emails.get(row.requestedBy) ?? 'former member') : null,
    state: stateOf(row),
    ...outcomeOf(row),
    requestedAt: row.requestedAt.toISOString(),
    executedAt: iso(row.executedAt),
    executedAtRaw: row.executedAtRaw,
    settledAt: iso(row.settledAt),
    origin: row.origin,
    confirmation: row.confirmation,
    confirmedAt: iso(row.confirmedAt),
  };
}
