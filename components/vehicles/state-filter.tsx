import type { PressureUnit } from '@/lib/format/preferences';
import { convertPressure, PRESSURE_LABEL, pressureToKpa } from '@/lib/format/units';

export type NumberFilter = 'socBelow' | 'staleHours' | 'tiresBelow' | 'healthBelow';
export type FlagFilter = 'charging' | 'pluggedIn' | 'withAlerts';

export type NumberField = {
  name: NumberFilter;
  id: string;
  /** Its name in the "Add filter" menu. */
  choice: string;
  label: string;
  min: number;
  max: number;
  /** The figure as typed, from the URL's (tires: kPa to the person's unit). */
  shown?: (value: number) => number;
  /** The figure for the URL, from the one typed (tires: the person's unit to kPa). */
  stored?: (value: number) => number;
};

/** The number filters on the fleet snapshot; the tire pressure is typed in the person's unit, the URL holds kPa. */
export function numberFields(pressure: PressureUnit): NumberField[] {
  return [
    { name: 'socBelow', id: 'state-soc', choice: 'Charge below…', label: 'Charge below (%)', min: 1, max: 100 },
    { name: 'staleHours', id: 'state-stale', choice: 'Not reported for…', label: 'Not reported for (h)', min: 1, max: 8760 },
    {
      name: 'tiresBelow',
      id: 'state-tires',
      choice: 'A tire below…',
      label: `A tire below (${PRESSURE_LABEL[pressure]})`,
      min: pressure === 'psi' ? 8 : 50,
      max: pressure === 'psi' ? 72 : 500,
      shown: (kpa) => Math.round(convertPressure(kpa, pressure)!),
      stored: (value) => Math.round(pressureToKpa(value, pressure)),
    },
    { name: 'healthBelow', id: 'state-health', choice: 'Battery health below…', label: 'Battery health below (%)', min: 1, max: 100 },
  ];
}

export const FLAGS: { name: FlagFilter; label: string }[] = [
  { name: 'charging', label: 'Charging now' },
  { name: 'pluggedIn', label: 'Plugged in' },
  { name: 'withAlerts', label: 'Has open alerts' },
];
