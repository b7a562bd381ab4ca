import { TERMINAL_STATES, type ExecutionView } from '@/lib/commands/execution-view';
import { isConfirmable } from '@/lib/commands/effect-confirmation';

/** How long after EXECUTED a view keeps asking for the vehicle's confirmation (the job reads telemetry a few seconds later). */
const CONFIRMATION_WAIT_MS = 60_000;

/** Still changing: pending, or executed and waiting for the vehicle's data to confirm it. */
export function stillSettling(execution: ExecutionView): boolean {
  if (!TERMINAL_STATES.has(execution.state)) return true;
  return (
    execution.state === 'executed' &&
    execution.confirmation === null &&
    isConfirmable(execution.command) &&
    execution.settledAt !== null &&
    Date.now() - new Date(execution.settledAt).getTime() < CONFIRMATION_WAIT_MS
  );
}
