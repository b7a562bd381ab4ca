'use client';

import type { ActiveFilter, FilterChoice } from '@/components/list/filter-bar';
import { usePreferences } from '@/lib/hooks/use-preferences';
import { buildFilter, conditionWords, FILTER_FIELDS, rowsOfFilter, type BuilderRow } from '@/lib/vehicles/filter-builder';
import { describeStateFilters, type StateFilters } from '@/lib/vehicles/state-filters';
import { tagFilterWords } from '@/lib/vehicles/tag-words';
import { ConditionEditor, FilterPanel, NumberFilterEditor, TagFilterEditor } from './lazy-filter-editors';
import { FLAGS, numberFields } from './state-filter';

/** The list's JSON filter as builder rows, or null when the builder cannot show it (and/or/not, other fields). */
function rowsOf(filterText: string): BuilderRow[] | null {
  try {
    return rowsOfFilter(filterText.trim() ? JSON.parse(filterText) : undefined);
  } catch {
    return null;
  }
}

const textOf = (rows: BuilderRow[]) => {
  const filter = buildFilter(rows);
  return filter === undefined ? '' : JSON.stringify(filter);
};

const shortJson = (text: string) => (text.length > 40 ? `${text.slice(0, 39)}…` : text);

type VehicleFilterState = {
  org: string;
  tagKey: string;
  tagValue: string;
  stateFilters: StateFilters;
  filterText: string;
  setTag: (key: string, value: string) => void;
  setStateFilters: (filters: StateFilters) => void;
  setFilterText: (text: string) => void;
};

/**
 * Every filter of the vehicles list as the filter bar shows it: the tag filter, the state filters
 * on the fleet snapshot, the builder's conditions (one chip each) or a JSON filter the builder cannot
 * show (one chip), and the menu of what can be added.
 */
export function useVehicleFilters({
  org,
  tagKey,
  tagValue,
  stateFilters,
  filterText,
  setTag,
  setStateFilters,
  setFilterText,
}: VehicleFilterState): { active: ActiveFilter[]; choices: FilterChoice[] } {
  const { pressure } = usePreferences();
  const fields = numberFields(pressure);
  const rows = rowsOf(filterText);
  const tagEditor = (done: () => void) => (
    <TagFilterEditor
      org={org}
      tagKey={tagKey}
      tagValue={tagValue}
      onApply={(key, value) => {
        setTag(key, value);
        done();
      }}
    />
  );
  const advancedEditor = (done: () => void) => (
    <FilterPanel
      filterText={filterText}
      withBuilder
      onApply={(text) => {
        setFilterText(text);
        done();
      }}
    />
  );
  const editNumber = (field: (typeof fields)[number], done: () => void) => (
    <NumberFilterEditor
      field={field}
      filters={stateFilters}
      onApply={(value) => {
        setStateFilters({ ...stateFilters, [field.name]: value });
        done();
      }}
    />
  );

  const active: ActiveFilter[] = [];
  if (tagKey || tagValue)
    active.push({ key: 'tag', words: tagFilterWords(tagKey, tagValue), edit: tagEditor, remove: () => setTag('', '') });
  const stateNames = { plugged: 'pluggedIn', alerts: 'withAlerts' } as const;
  for (const chip of describeStateFilters(stateFilters, pressure)) {
    const name = (stateNames as Record<string, keyof StateFilters>)[chip.param] ?? (chip.param as keyof StateFilters);
    const field = fields.find((f) => f.name === name);
    active.push({
      key: `state-${chip.param}`,
      words: chip.label,
      edit: field ? (done) => editNumber(field, done) : undefined,
      remove: () => setStateFilters({ ...stateFilters, [name]: undefined }),
    });
  }
  if (rows)
    rows.forEach((row, index) =>
      active.push({
        key: `condition-${index}`,
        words: conditionWords(row),
        edit: (done) => (
          <ConditionEditor
            field={row.field}
            initial={row}
            onApply={(next) => {
              setFilterText(textOf(rows.map((r, i) => (i === index ? next : r))));
              done();
            }}
          />
        ),
        remove: () => setFilterText(textOf(rows.filter((_, i) => i !== index))),
      }),
    );
  else active.push({ key: 'json', words: `JSON filter ${shortJson(filterText)}`, edit: advancedEditor, remove: () => setFilterText('') });

  const choices: FilterChoice[] = [
    { key: 'tag', label: 'Tag…', group: 'Tags', edit: tagEditor },
    ...fields.map((field) => ({
      key: field.name,
      label: field.choice,
      group: 'Vehicle state',
      edit: (done: () => void) => editNumber(field, done),
    })),
    ...FLAGS.map((flag) => ({
      key: flag.name,
      label: flag.label,
      group: 'Vehicle state',
      apply: () => setStateFilters({ ...stateFilters, [flag.name]: true }),
      unavailable: stateFilters[flag.name] ? 'Already in force' : undefined,
    })),
    ...FILTER_FIELDS.map((field) => ({
      key: field.field,
      label: `${field.label}…`,
      group: 'Vehicle fields',
      unavailable: rows ? undefined : 'The JSON filter in force is more than conditions: edit it as JSON',
      edit: (done: () => void) => (
        <ConditionEditor
          field={field.field}
          onApply={(row) => {
            setFilterText(textOf([...(rows ?? []), row]));
            done();
          }}
        />
      ),
    })),
    { key: 'advanced', label: 'Conditions and JSON…', group: 'Advanced', edit: advancedEditor },
  ];
  return { active, choices };
}
