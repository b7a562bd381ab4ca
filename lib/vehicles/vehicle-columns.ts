import { makeLabel } from '@/lib/contract/makes';
import type { VehicleRecord } from './types';

/** The vehicle table's columns: id in the URL (`cols`, `sort`), header, and the value sorted and exported. */
export const VEHICLE_COLUMNS = [
  { id: 'vin', label: 'VIN', value: (v: VehicleRecord) => v.vin ?? '' },
  { id: 'make', label: 'Brand', value: (v: VehicleRecord) => makeLabel(v.make) },
  { id: 'model', label: 'Model', value: (v: VehicleRecord) => v.model ?? '' },
  {
    id: 'year',
    label: 'Year',
    value: (v: VehicleRecord) => (v.modelYear === null || v.modelYear === undefined ? '' : String(v.modelYear)),
  },
  { id: 'plate', label: 'Plate', value: (v: VehicleRecord) => v.registrationPlate ?? '' },
  { id: 'account', label: 'Account', value: (v: VehicleRecord) => v.metadata?.accountId ?? '' },
  { id: 'listening', label: 'Listening', value: (v: VehicleRecord) => (v.isListening === false ? 'no' : v.isListening ? 'yes' : '') },
  { id: 'connection', label: 'Connection', value: (v: VehicleRecord) => v.connectionStatus ?? '' },
  { id: 'health', label: 'Battery health', value: (v: VehicleRecord) => healthText(v.batteryHealth?.percent) },
  { id: 'tags', label: 'Tags', value: () => '' },
] as const;
export type VehicleColumnId = (typeof VEHICLE_COLUMNS)[number]['id'];

/** Tags cost one upstream call per vehicle (the contract lists them per vehicle), so they are opt-in. */
export const DEFAULT_COLUMNS: readonly VehicleColumnId[] = [
  'vin',
  'make',
  'model',
  'year',
  'plate',
  'account',
  'listening',
  'connection',
  'health',
];

/** A state of health as the table shows it: one decimal, as the vendor computes it ("91.4%"). */
export function healthText(percent: number | null | undefined): string {
  return typeof percent === 'number' && Number.isFinite(percent) ? `${percent.toFixed(1)}%` : '';
}

export function readColumns(param: string | null): VehicleColumnId[] {
  if (!param) return [...DEFAULT_COLUMNS];
  const ids = param.split(',').filter((id): id is VehicleColumnId => VEHICLE_COLUMNS.some((c) => c.id === id));
  return ids.length ? ids : [...DEFAULT_COLUMNS];
}

export type Sort = { column: VehicleColumnId; descending: boolean } | null;

export function readSort(param: string | null): Sort {
  if (!param) return null;
  const descending = param.startsWith('-');
  const id = descending ? param.slice(1) : param;
  const column = VEHICLE_COLUMNS.find((c) => c.id === id && c.id !== 'tags');
  return column ? { column: column.id, descending } : null;
}

export function writeSort(sort: Sort): string | undefined {
  return sort ? `${sort.descending ? '-' : ''}${sort.column}` : undefined;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Sorts the loaded page only (the upstream has no sort parameter); empty values go last either way. */
export function sortVehicles(vehicles: readonly VehicleRecord[], sort: Sort): VehicleRecord[] {
  if (!sort) return [...vehicles];
  const column = VEHICLE_COLUMNS.find((c) => c.id === sort.column)!;
  return [...vehicles].sort((a, b) => {
    const x = column.value(a);
    const y = column.value(b);
    if (x === '' || y === '') return x === y ? 0 : x === '' ? 1 : -1;
    const order = collator.compare(x, y);
    return sort.descending ? -order : order;
  });
}

export const CSV_HEADER = [
  'id',
  'vin',
  'make',
  'model',
  'model_year',
  'registration_plate',
  'account_id',
  'is_listening',
  'connection_status',
  'last_seen_at',
] as const;

export function csvValues(v: VehicleRecord): unknown[] {
  return [
    v.id,
    v.vin,
    v.make,
    v.model,
    v.modelYear,
    v.registrationPlate,
    v.metadata?.accountId,
    v.isListening,
    v.connectionStatus,
    v.metadata?.lastSeenAt,
  ];
}
