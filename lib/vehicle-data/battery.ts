import { isNumber, type Figure } from '@/lib/format/figures';

/** Battery health and range as the views show them, from figures of the tolerant client. */

export type StateOfHealthInput = {
  stateOfHealth?: Figure;
  batteryCapacity?: { nominal?: Figure; real?: Figure } | null;
};

export type BatteryHealth = {
  /** Percent of the nominal capacity left: the vendor's figure, else real over nominal. */
  percent: Figure;
  nominalKwh: Figure;
  realKwh: Figure;
  /** Capacity lost since new, when both capacities are numbers. */
  lostKwh: number | null;
};

export function batteryHealth(input: StateOfHealthInput): BatteryHealth {
  const nominal = input.batteryCapacity?.nominal;
  const real = input.batteryCapacity?.real;
  const bothNumbers = isNumber(nominal) && isNumber(real) && nominal > 0;
  const derived = bothNumbers ? (real / nominal) * 100 : null;
  const given = input.stateOfHealth;
  return {
    percent: given === null || given === undefined || given === '' ? derived : given,
    nominalKwh: nominal,
    realKwh: real,
    lostKwh: bothNumbers ? Math.max(0, nominal - real) : null,
  };
}

/** The rated cycles, in the order a fleet team reads them: WLTP in Europe, EPA in North America. */
const CYCLE_ORDER = ['WLTP', 'EPA', 'NEDC', 'UNKNOWN'];
const CYCLE_LABELS: Record<string, string> = { WLTP: 'WLTP', EPA: 'EPA', NEDC: 'NEDC', UNKNOWN: 'rated (cycle unknown)' };

export function cycleLabel(cycle: string): string {
  return CYCLE_LABELS[cycle] ?? cycle;
}

export type RangeInput = {
  real?: Figure;
  realWarmerRange?: Figure;
  realColderRange?: Figure;
  nominal?: Record<string, Figure> | null;
};

export type RangeRow = { key: 'real' | 'warm' | 'cold'; label: string; value: Figure; percentOfNominal: number | null };
export type RangeComparison = {
  /** The rated cycle the real figures are compared with, or null when none came as a number. */
  cycle: string | null;
  nominal: Figure;
  /** Every rated figure the vendor sent, known cycles first. */
  nominals: { cycle: string; value: Figure }[];
  rows: RangeRow[];
};

export function compareRange(range: RangeInput): RangeComparison {
  const nominals = Object.entries(range.nominal ?? {})
    .map(([cycle, value]) => ({ cycle, value }))
    .sort((a, b) => rank(a.cycle) - rank(b.cycle));
  const reference = nominals.find((n) => isNumber(n.value) && n.value > 0);
  const percentOf = (value: Figure) => (reference && isNumber(value) && isNumber(reference.value) ? (value / reference.value) * 100 : null);
  const row = (key: RangeRow['key'], label: string, value: Figure): RangeRow => ({ key, label, value, percentOfNominal: percentOf(value) });
  return {
    cycle: reference?.cycle ?? null,
    nominal: reference?.value ?? null,
    nominals,
    rows: [
      row('real', 'Real range', range.real),
      row('warm', 'In warm weather', range.realWarmerRange),
      row('cold', 'In cold weather', range.realColderRange),
    ],
  };
}

function rank(cycle: string): number {
  const index = CYCLE_ORDER.indexOf(cycle);
  return index === -1 ? CYCLE_ORDER.length : index;
}
