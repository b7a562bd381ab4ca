'use client';

import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import type { StateFilters } from '@/lib/vehicles/state-filters';
import type { PressureUnit } from '@/lib/format/preferences';
import { convertPressure, PRESSURE_LABEL, pressureToKpa } from '@/lib/format/units';
import { usePreferences } from '@/lib/hooks/use-preferences';

type NumberFilter = 'socBelow' | 'staleHours' | 'tiresBelow' | 'healthBelow';
type FlagFilter = 'charging' | 'pluggedIn' | 'withAlerts';

type NumberField = {
  name: NumberFilter;
  id: string;
  label: string;
  min: number;
  max: number;
  width: string;
  /** The figure as typed, from the URL's (tires: kPa to the person's unit). */
  shown?: (value: number) => number;
  /** The figure for the URL, from the one typed (tires: the person's unit to kPa). */
  stored?: (value: number) => number;
};

/** The number inputs of the state filter; the tire pressure is typed in the person's unit, the URL holds kPa. */
function numberFields(pressure: PressureUnit): NumberField[] {
  return [
    { name: 'socBelow', id: 'state-soc', label: 'Charge below (%)', min: 1, max: 100, width: 'w-36' },
    { name: 'staleHours', id: 'state-stale', label: 'Not reported for (h)', min: 1, max: 8760, width: 'w-36' },
    {
      name: 'tiresBelow',
      id: 'state-tires',
      label: `A tire below (${PRESSURE_LABEL[pressure]})`,
      min: pressure === 'psi' ? 8 : 50,
      max: pressure === 'psi' ? 72 : 500,
      width: 'w-36',
      shown: (kpa) => Math.round(convertPressure(kpa, pressure)!),
      stored: (value) => Math.round(pressureToKpa(value, pressure)),
    },
    { name: 'healthBelow', id: 'state-health', label: 'Battery health below (%)', min: 1, max: 100, width: 'w-44' },
  ];
}

const FLAGS: { name: FlagFilter; label: string }[] = [
  { name: 'charging', label: 'Charging now' },
  { name: 'pluggedIn', label: 'Plugged in' },
  { name: 'withAlerts', label: 'Has open alerts' },
];

const toNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : undefined);

/** Filters on what each vehicle last reported (the fleet snapshot), combined with the other filters. */
export function StateFilter({ filters, onApply }: { filters: StateFilters; onApply: (filters: StateFilters) => void }) {
  const { pressure } = usePreferences();
  const fields = numberFields(pressure);
  const [numbers, setNumbers] = useState(() =>
    Object.fromEntries(
      fields.map(({ name, shown = (v) => v }) => {
        const value = filters[name];
        return [name, value === undefined ? '' : String(shown(value))];
      }),
    ),
  );
  const [flags, setFlags] = useState(() => Object.fromEntries(FLAGS.map(({ name }) => [name, Boolean(filters[name])])));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = Object.fromEntries(
      fields.map(({ name, stored = (v) => v }) => {
        const value = toNumber(numbers[name]);
        return [name, value === undefined ? undefined : stored(value)];
      }),
    );
    onApply({ ...typed, ...flags });
  };
  return (
    <form onSubmit={submit} aria-label="State filter" className="space-y-2">
      <div className="flex flex-wrap items-end gap-2">
        {fields.map((field) => (
          <Field
            key={field.name}
            id={field.id}
            label={field.label}
            compact
            type="number"
            inputMode="numeric"
            min={field.min}
            max={field.max}
            className={field.width}
            value={numbers[field.name]}
            onChange={(e) => setNumbers((current) => ({ ...current, [field.name]: e.target.value }))}
          />
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-4 text-sm">
        {FLAGS.map((flag) => (
          <Checkbox
            key={flag.name}
            label={flag.label}
            checked={flags[flag.name]}
            onCheckedChange={(checked) => setFlags((current) => ({ ...current, [flag.name]: checked }))}
          />
        ))}
        <Button type="submit" size="md" variant="secondary">
          Filter by state
        </Button>
      </div>
    </form>
  );
}
