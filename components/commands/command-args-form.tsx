'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { commandLabel } from '@/lib/commands/catalog';
import type { SendCommandInput } from '@/lib/commands/schemas';
import { COMMAND_ARGS_SCHEMAS } from '@/lib/vehicle-api/command-args';
import { ARG_FIELDS } from '@/lib/commands/arg-fields';
import type { CommandName } from '@/lib/contract/vehicle-api';

/** The argument form of one command, validated by the same schema the server uses. */
export function CommandArgsForm({
  command,
  busy,
  onSubmit,
  onCancel,
}: {
  command: CommandName;
  busy: boolean;
  onSubmit: (input: SendCommandInput) => void;
  onCancel: () => void;
}) {
  const schema = COMMAND_ARGS_SCHEMAS[command] as unknown as z.ZodMiniType<Record<string, unknown>, Record<string, unknown>>;
  const fields = ARG_FIELDS[command] ?? [];
  const form = useForm<Record<string, unknown>>({ resolver: zodResolver(schema) });
  return (
    <form
      noValidate
      aria-label={`${commandLabel(command)} arguments`}
      onSubmit={form.handleSubmit((args) => onSubmit({ command, args } as SendCommandInput))}
      className="grid gap-3 rounded-lg border border-zinc-200 p-4 sm:grid-cols-2 dark:border-zinc-800"
    >
      {fields.map((f) => (
        <Field
          key={f.name}
          id={`arg-${f.name}`}
          label={f.label}
          type={f.type}
          step={f.step}
          inputMode={f.type === 'number' ? 'decimal' : undefined}
          hint={f.hint}
          error={form.formState.errors[f.name]?.message as string | undefined}
          {...form.register(f.name, f.type === 'number' ? { valueAsNumber: true } : {})}
        />
      ))}
      <div className="flex items-end gap-2 sm:col-span-2">
        <Button type="submit" disabled={busy}>
          Send {commandLabel(command).toLowerCase()}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
