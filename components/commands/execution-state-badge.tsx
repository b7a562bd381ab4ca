'use client';

import { useEffect, useState } from 'react';
import { StatusBadge } from '@/components/ui/status-badge';
import type { Tone } from '@/lib/tone';
import { commandLabel } from '@/lib/commands/catalog';
import {
  COMMAND_NOT_OFFERED,
  EXECUTION_ID_MISSING,
  NO_OUTCOME_IN_TIME,
  NOT_RECEIVED,
  type ExecutionState,
  type ExecutionView,
} from '@/lib/commands/execution-view';
import { confirmationText } from '@/lib/commands/effect-confirmation';
import { usePreferences } from '@/lib/hooks/use-preferences';
import { explainFailedReason } from '@/lib/contract/failed-reason-text';

const TONES: Record<ExecutionState, Tone> = {
  pending: 'pending',
  executed: 'success',
  failed: 'danger',
  rejected: 'danger',
  unknown: 'neutral',
};
const WORDS: Record<ExecutionState, string> = {
  pending: 'Pending',
  executed: 'Executed',
  failed: 'Failed',
  rejected: 'Refused',
  unknown: 'Unknown',
};

function useElapsedSeconds(since: string, running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return Math.max(0, Math.round((now - new Date(since).getTime()) / 1000));
}

export function ExecutionStateBadge({ execution }: { execution: Pick<ExecutionView, 'state' | 'requestedAt'> }) {
  const elapsed = useElapsedSeconds(execution.requestedAt, execution.state === 'pending');
  return (
    <StatusBadge tone={TONES[execution.state]}>
      {WORDS[execution.state]}
      {execution.state === 'pending' ? <span className="tabular">· {elapsed} s</span> : null}
    </StatusBadge>
  );
}

/** What the vehicle's own data said of an executed command, once read ("Confirmed by the vehicle at 14:02"). */
export function ExecutionConfirmation({ execution }: { execution: Pick<ExecutionView, 'confirmation' | 'confirmedAt'> }) {
  const { zone } = usePreferences();
  const text = confirmationText(execution, zone);
  if (!text) return null;
  return (
    <span
      className={execution.confirmation === 'confirmed' ? 'block text-xs font-medium' : 'block text-xs text-zinc-600 dark:text-zinc-400'}
    >
      {text}
    </span>
  );
}

/** A record whose answer was lost and whose outcome was found in the service's list afterwards. */
function recoveredNote(execution: ExecutionView) {
  if (execution.state === 'rejected' || execution.state === 'unknown' || !execution.errorCode || execution.errorCode === NO_OUTCOME_IN_TIME)
    return null;
  return (
    <span className="block text-xs text-zinc-600 dark:text-zinc-400">
      The answer to the send was lost (<span className="font-mono">{execution.errorCode}</span>); this outcome was read from the service’s
      list of the vehicle’s executions.
    </span>
  );
}

/** Why it failed in plain words, the next step, and the raw code. */
export function ExecutionOutcome({ execution }: { execution: ExecutionView }) {
  if (execution.state === 'failed') {
    const reason = explainFailedReason(execution.failedReason);
    return (
      <div className="text-sm">
        {execution.errorCode === NO_OUTCOME_IN_TIME ? (
          <p className="font-medium">No outcome arrived within the contract’s five minutes, so Motorpool ended it as timed out.</p>
        ) : null}
        <p className="font-medium">{reason.title}</p>
        <p className="text-zinc-700 dark:text-zinc-300">{reason.nextStep}</p>
        {execution.failedReason && reason.known ? (
          <p className="font-mono text-xs text-zinc-600 dark:text-zinc-400">{execution.failedReason}</p>
        ) : null}
        {recoveredNote(execution)}
      </div>
    );
  }
  if (execution.state === 'rejected' && execution.errorCode === COMMAND_NOT_OFFERED) {
    return <p className="text-sm">This service does not offer {commandLabel(execution.command)}: nothing was sent to the vehicle.</p>;
  }
  if (execution.state === 'rejected' && execution.errorCode === NOT_RECEIVED) {
    return (
      <p className="text-sm">
        No answer arrived, and the service’s own list of this vehicle’s executions has no trace of it: the command never reached the
        service. You can send it again.
      </p>
    );
  }
  if (execution.state === 'rejected') {
    return (
      <p className="text-sm">
        The Vehicle API refused the command ({<span className="font-mono text-xs">{execution.errorCode}</span>}); nothing was sent to the
        vehicle.
      </p>
    );
  }
  if (execution.state === 'unknown') {
    return (
      <p className="text-sm">
        {execution.errorCode === EXECUTION_ID_MISSING
          ? 'The Vehicle API accepted the command but gave no execution id to follow, so its outcome is not known here. Check the vehicle before sending it again.'
          : `No usable answer arrived (${execution.errorCode ?? 'no answer'}), so it is not yet known whether the vehicle received the command. Motorpool keeps looking for it in the service’s list of the vehicle’s executions; check the vehicle before sending it again.`}
      </p>
    );
  }
  const reportedTime = execution.executedAtRaw ? (
    <span className="block text-xs text-zinc-600 dark:text-zinc-400">
      The service reported its time as <span className="font-mono">{execution.executedAtRaw}</span>, which is not a date.
    </span>
  ) : null;
  if (execution.state === 'executed')
    return (
      <p className="text-sm">
        The vehicle carried out the command.
        {reportedTime}
        {recoveredNote(execution)}
        <ExecutionConfirmation execution={execution} />
      </p>
    );
  return (
    <p className="text-sm">
      Sent to the manufacturer; waiting for the vehicle to confirm.
      {recoveredNote(execution)}
    </p>
  );
}
