'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import type { DayRange } from '@/lib/vehicle-data/schemas';

export type RangeErrors = Partial<Record<'from' | 'to', string>>;
export type RangePreset = { label: string; range: () => DayRange };

type Props = {
  id: string;
  label: string;
  value: DayRange;
  presets?: RangePreset[];
  /** A further check of a well-formed range (such as the three-month limit); errors by field. */
  check?: (range: DayRange) => RangeErrors | null;
  onApply: (range: DayRange) => void;
};

/** The schema (and zod) load on the first Apply: a page whose range comes from the URL needs them for nothing else. */
async function errorsOf(range: DayRange, check: Props['check']): Promise<RangeErrors | null> {
  const { dayRangeSchema } = await import('@/lib/vehicle-data/schemas');
  const parsed = dayRangeSchema.safeParse(range);
  if (!parsed.success) {
    const errors: RangeErrors = {};
    for (const issue of parsed.error.issues) errors[issue.path[0] as 'from' | 'to'] ??= issue.message;
    return errors;
  }
  return check?.(parsed.data) ?? null;
}

/**
 * Two dates and Apply. Nothing is sent until the range passes the same schema the server
 * applies; a refused range keeps the view as it was and names the field. Remount it (key) to
 * follow an outside change of `value` (Back, a preset).
 */
export function DayRangeForm({ id, label, value, presets = [], check, onApply }: Props) {
  const [draft, setDraft] = useState<DayRange>(value);
  const [errors, setErrors] = useState<RangeErrors | null>(null);
  const apply = async (range: DayRange) => {
    const found = await errorsOf(range, check);
    setErrors(found);
    if (!found) onApply(range);
  };
  return (
    <form
      aria-label={label}
      noValidate
      className="flex flex-wrap items-start gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        void apply(draft);
      }}
    >
      <Field
        id={`${id}-from`}
        label="From"
        type="date"
        value={draft.from}
        error={errors?.from}
        onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))}
        className="w-40"
      />
      <Field
        id={`${id}-to`}
        label="To"
        type="date"
        value={draft.to}
        error={errors?.to}
        onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
        className="w-40"
      />
      <div className="flex flex-wrap items-center gap-2 pt-6">
        <Button type="submit" variant="secondary" size="sm">
          Apply
        </Button>
        {presets.map((preset) => (
          <Button
            key={preset.label}
            variant="ghost"
            size="sm"
            onClick={() => {
              const range = preset.range();
              setDraft(range);
              void apply(range);
            }}
          >
            {preset.label}
          </Button>
        ))}
      </div>
    </form>
  );
}
