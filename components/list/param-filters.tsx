'use client';

import type { ActiveFilter, FilterChoice } from './filter-bar';
import { ChoiceFilterEditor, ValueFilterEditor } from './filter-editors';

/**
 * A list filter that is one URL parameter: a choice among values, a text, or a wall-clock date
 * and time (`datetime-local`, read in the person's time zone by the list).
 */
export type ParamFilter =
  | { param: string; label: string; kind: 'choice'; options: readonly { value: string; label: string }[] }
  | { param: string; label: string; kind: 'text' | 'datetime'; placeholder?: string }
  | { param: string; label: string; kind: 'number'; min: number; max: number; words?: (value: string) => string };

/** How a value reads on its chip: the option's label, or the date and time without the `T`. */
function valueWords(filter: ParamFilter, value: string): string {
  if (filter.kind === 'choice') return filter.options.find((o) => o.value === value)?.label ?? value;
  return filter.kind === 'datetime' ? value.replace('T', ' ') : value;
}

function numberProblem(filter: { label: string; min: number; max: number }, text: string): string | null {
  const value = Number(text);
  return Number.isFinite(value) && value >= filter.min && value <= filter.max
    ? null
    : `${filter.label}: enter a number from ${filter.min} to ${filter.max}.`;
}

/**
 * The chips and the "Add filter" menu of a list whose filters are plain URL parameters. `values`
 * holds each parameter's value ('' or null when unset); `onChange` sets one (null removes it).
 */
export function paramFilterBar({
  idPrefix,
  filters,
  values,
  onChange,
  group = 'Filters',
}: {
  idPrefix: string;
  filters: readonly ParamFilter[];
  values: Record<string, string | null | undefined>;
  onChange: (param: string, value: string | null) => void;
  group?: string;
}): { active: ActiveFilter[]; choices: FilterChoice[] } {
  const editor = (filter: ParamFilter, done: () => void) => {
    const apply = (value: string) => {
      onChange(filter.param, value || null);
      done();
    };
    const id = `${idPrefix}-${filter.param}`;
    return filter.kind === 'choice' ? (
      <ChoiceFilterEditor id={id} label={filter.label} initial={values[filter.param] ?? null} options={filter.options} onApply={apply} />
    ) : (
      <ValueFilterEditor
        id={id}
        label={filter.label}
        initial={values[filter.param] ?? ''}
        onApply={apply}
        check={filter.kind === 'number' ? (text) => numberProblem(filter, text) : undefined}
        input={
          filter.kind === 'number'
            ? { type: 'number', inputMode: 'decimal', min: filter.min, max: filter.max, step: 'any' }
            : {
                type: filter.kind === 'datetime' ? 'datetime-local' : 'text',
                placeholder: filter.kind === 'text' ? filter.placeholder : undefined,
              }
        }
      />
    );
  };
  const active: ActiveFilter[] = filters
    .filter((f) => values[f.param])
    .map((f) => ({
      key: f.param,
      words: f.kind === 'number' && f.words ? f.words(values[f.param]!) : `${f.label}: ${valueWords(f, values[f.param]!)}`,
      edit: (done) => editor(f, done),
      remove: () => onChange(f.param, null),
    }));
  const choices: FilterChoice[] = filters.map((f) => ({ key: f.param, label: `${f.label}…`, group, edit: (done) => editor(f, done) }));
  return { active, choices };
}
