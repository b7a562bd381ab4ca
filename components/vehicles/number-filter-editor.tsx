'use client';

import { ValueFilterEditor } from '@/components/list/filter-editors';
import type { StateFilters } from '@/lib/vehicles/state-filters';
import type { NumberField } from './state-filter';

/** The form of one number filter on what each vehicle last reported; empty removes it. */
export function NumberFilterEditor({
  field,
  filters,
  onApply,
}: {
  field: NumberField;
  filters: StateFilters;
  onApply: (value: number | undefined) => void;
}) {
  const current = filters[field.name];
  const { shown = (v: number) => v, stored = (v: number) => v } = field;
  return (
    <ValueFilterEditor
      id={field.id}
      label={field.label}
      initial={current === undefined ? '' : String(shown(current))}
      input={{ type: 'number', inputMode: 'numeric', min: field.min, max: field.max }}
      check={(text) =>
        /^\d+$/.test(text) && Number(text) >= field.min && Number(text) <= field.max
          ? null
          : `${field.label}: enter a whole number from ${field.min} to ${field.max}.`
      }
      onApply={(text) => onApply(text ? stored(Number(text)) : undefined)}
    />
  );
}
