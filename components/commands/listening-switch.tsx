'use client';

import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { useCan } from '@/components/layout/session-role';
import { StatusBadge } from '@/components/ui/status-badge';
import { Time } from '@/components/ui/time';
import { useSetListening } from '@/lib/commands/listening-query';

/**
 * The vehicle's listening state: switched optimistically, rolled back if the upstream refuses.
 * Setting the state it already has changes nothing upstream (no audit entry there either).
 */
export function ListeningSwitch({
  org,
  vehicleId,
  isListening,
  lastUpdated,
}: {
  org: string;
  vehicleId: string;
  isListening: boolean;
  lastUpdated?: string | null;
}) {
  const canWrite = useCan('listening.write');
  const [state, setState] = useState({ isListening, lastUpdated: lastUpdated ?? null });
  const mutation = useSetListening(org, vehicleId);
  const toggle = () => {
    const previous = state;
    const next = !state.isListening;
    setState((s) => ({ ...s, isListening: next }));
    mutation.mutate(next, {
      onError: (error) => {
        setState(previous);
        toast.error(`The listening state was not changed: ${error.message}`);
      },
      onSuccess: (result) => {
        setState({ isListening: result.isListening, lastUpdated: result.lastUpdated ?? null });
        toast.success(
          result.changed
            ? `Listening ${result.isListening ? 'on' : 'off'}.`
            : `Listening was already ${result.isListening ? 'on' : 'off'}; nothing changed.`,
        );
      },
    });
  };

  const label = state.isListening ? 'Listening' : 'Not listening';
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      {canWrite ? (
        <>
          {/* A native switch (a button with role="switch"): Space and Enter toggle it, the label names it. */}
          <button
            type="button"
            role="switch"
            id={`listening-${vehicleId}`}
            aria-checked={state.isListening}
            data-state={state.isListening ? 'checked' : 'unchecked'}
            disabled={mutation.isPending}
            onClick={toggle}
            className="relative h-6 w-11 shrink-0 rounded-full bg-zinc-400 transition-colors data-[state=checked]:bg-emerald-600 disabled:opacity-60"
          >
            <span
              aria-hidden
              data-state={state.isListening ? 'checked' : 'unchecked'}
              className="block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]"
            />
          </button>
          <label htmlFor={`listening-${vehicleId}`} className="font-medium">
            {label}
          </label>
        </>
      ) : (
        <StatusBadge tone={state.isListening ? 'success' : 'neutral'}>{label}</StatusBadge>
      )}
      {state.lastUpdated ? (
        <span className="text-xs text-zinc-600 dark:text-zinc-400">
          since <Time value={state.lastUpdated} />
        </span>
      ) : null}
    </div>
  );
}
