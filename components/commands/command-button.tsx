'use client';

import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { COMMAND_CATALOG } from '@/lib/commands/catalog';
import { commandHasBody, type CommandName } from '@/lib/contract/vehicle-api';

type Props = {
  command: CommandName;
  /** The arguments form of this command is open. */
  expanded: boolean;
  busy: boolean;
  /** Why the command cannot be sent now (its budget is spent): the button is disabled, and says why. */
  blockedBecause?: string;
  /** Said before the press, the button stays usable (the service may offer it by now). */
  note?: string;
  onPress: () => void;
};

/**
 * One command's button, with what is known about it said under it. A blocked button is
 * `aria-disabled` rather than `disabled`, so keyboard users still reach it and hear why.
 */
export function CommandButton({ command, expanded, busy, blockedBecause, note, onPress }: Props) {
  const hintId = useId();
  const hint = blockedBecause ?? note;
  return (
    <div>
      <Button
        variant={expanded ? 'primary' : 'secondary'}
        size="sm"
        className="w-full justify-start aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
        title={COMMAND_CATALOG[command].description}
        aria-expanded={commandHasBody(command) ? expanded : undefined}
        aria-disabled={blockedBecause ? true : undefined}
        aria-describedby={hint ? hintId : undefined}
        disabled={busy}
        onClick={() => {
          if (!blockedBecause) onPress();
        }}
      >
        {COMMAND_CATALOG[command].label}
        {commandHasBody(command) ? '…' : ''}
      </Button>
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-zinc-700 dark:text-zinc-300">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
