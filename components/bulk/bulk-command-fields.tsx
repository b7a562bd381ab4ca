'use client';

import { Field, inputClass } from '@/components/ui/field';
import { ARG_FIELDS } from '@/lib/commands/arg-fields';
import { COMMAND_CONFIRMATIONS, commandLabel } from '@/lib/commands/catalog';
import { COMMAND_NAMES, type CommandName } from '@/lib/contract/vehicle-api';

/** The command's arguments as the send schema reads them: numbers as numbers, an empty number as absent. */
export function bulkCommandArgs(command: CommandName, argValues: Record<string, string>): Record<string, unknown> | null {
  const fields = ARG_FIELDS[command] ?? [];
  if (fields.length === 0) return null;
  const args: Record<string, unknown> = {};
  for (const f of fields) {
    const raw = (argValues[f.name] ?? '').trim();
    args[f.name] = f.type === 'number' ? (raw === '' ? undefined : Number(raw)) : raw;
  }
  return args;
}

/** What the confirmation says of a command: its label, and the catalog's warning when it has one. */
export function bulkCommandText(command: CommandName): { label: string; confirm?: string } {
  return { label: commandLabel(command), confirm: COMMAND_CONFIRMATIONS[command] };
}

/**
 * The command picker and its argument fields of the bulk action. Only the "Send a command" action
 * shows them, so they and the command catalog load when it is chosen, not with the vehicles list.
 */
export function BulkCommandFields({
  id,
  command,
  onCommandChange,
  argValues,
  onArgChange,
}: {
  id: string;
  command: CommandName;
  onCommandChange: (command: CommandName) => void;
  argValues: Record<string, string>;
  onArgChange: (name: string, value: string) => void;
}) {
  return (
    <>
      <div className="space-y-1">
        <label htmlFor={`${id}-command`} className="block text-xs font-medium">
          Command
        </label>
        <select
          id={`${id}-command`}
          className={inputClass}
          value={command}
          onChange={(e) => onCommandChange(e.target.value as CommandName)}
        >
          {COMMAND_NAMES.map((c) => (
            <option key={c} value={c}>
              {commandLabel(c)}
            </option>
          ))}
        </select>
      </div>
      {(ARG_FIELDS[command] ?? []).map((f) => (
        <Field
          key={`${command}-${f.name}`}
          id={`${id}-arg-${f.name}`}
          label={f.label}
          compact
          type={f.type}
          step={f.step}
          inputMode={f.type === 'number' ? 'decimal' : undefined}
          value={argValues[f.name] ?? ''}
          onChange={(e) => onArgChange(f.name, e.target.value)}
          className="w-44"
        />
      ))}
    </>
  );
}
