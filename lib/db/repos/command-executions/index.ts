/**
 * The upstream may list no executions and does not know who sent one, so Motorpool keeps its own
 * record. It is written BEFORE the upstream call (REQUESTING) and completed AFTER it (SENT or
 * REJECTED): a crash in between leaves a REQUESTING row that reconcileInterrupted() turns into
 * UNKNOWN, which the settler may still recover from the upstream's list. Every move is
 * forward-only (a conditional UPDATE on the state it leaves). Nothing here deletes a record.
 *
 * Along its seams: the send (requests), the settler (settling), the confirming read
 * (confirmations) and what the history reads (reads).
 */
export {
  recordCommandRequested,
  claimCommandRequest,
  recordCommandSent,
  recordCommandRejected,
  recordCommandOutcomeUnknown,
  updateCommandStatus,
} from './requests';
export {
  getCommandExecutionById,
  getCommandExecutionsByIds,
  getCommandExecution,
  findCommandExecutionByUpstreamId,
  type CommandExecutionFilter,
  listCommandExecutions,
} from './reads';
export {
  reconcileInterrupted,
  claimStatusCheck,
  listUnsettledExecutions,
  listOpenRecordsOfVehicle,
  findByUpstreamIds,
  recordCommandRecovered,
  recordCommandNotReceived,
  recordCommandTimedOut,
  importExternalExecution,
  recordCommandEventSeen,
} from './settling';
export { listUnconfirmedExecutions, claimConfirmations, releaseConfirmation, recordConfirmation } from './confirmations';
