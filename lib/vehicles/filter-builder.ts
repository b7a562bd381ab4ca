import type { FilterOperator } from '@/lib/contract/vehicle-api';

/** The vehicle fields a person can filter on without writing JSON, with the operators that fit each. */
export type FieldKind = 'text' | 'number' | 'boolean' | 'status';
export const FILTER_FIELDS = [
  { field: 'make', label: 'Brand', kind: 'text' },
  { field: 'model', label: 'Model', kind: 'text' },
  { field: 'modelYear', label: 'Model year', kind: 'number' },
  { field: 'vin', label: 'VIN', kind: 'text' },
  { field: 'registrationPlate', label: 'Plate', kind: 'text' },
  { field: 'isListening', label: 'Listening', kind: 'boolean' },
  { field: 'connectionStatus', label: 'Connection', kind: 'status' },
  { field: 'metadata.accountId', label: 'Account id', kind: 'text' },
] as const satisfies readonly { field: string; label: string; kind: FieldKind }[];
export type FilterField = (typeof FILTER_FIELDS)[number]['field'];

export const OPERATORS_BY_KIND: Record<FieldKind, readonly FilterOperator[]> = {
  text: ['==', '!=', 'ilike', 'notIlike', 'like', 'isNull', 'isNotNull'],
  number: ['==', '!=', '>', '<', '>=', '<=', 'isNull', 'isNotNull'],
  boolean: ['=='],
  status: ['==', '!='],
};

export const OPERATOR_LABELS: Record<FilterOperator, string> = {
  '==': 'is',
  '!=': 'is not',
  '>': 'greater than',
  '<': 'less than',
  '>=': 'at least',
  '<=': 'at most',
  like: 'matches (case-sensitive, % any)',
  ilike: 'contains / matches (% any)',
  notIlike: 'does not match',
  isNull: 'is empty',
  isNotNull: 'is not empty',
};

export type BuilderRow = { field: FilterField; operator: FilterOperator; value: string };

export function fieldOf(field: string) {
  return FILTER_FIELDS.find((f) => f.field === field) ?? FILTER_FIELDS[0];
}

export function needsValue(operator: FilterOperator): boolean {
  return operator !== 'isNull' && operator !== 'isNotNull';
}

/** `ilike` without a wildcard means "contains": what a person typing a fragment expects. */
function conditionValue(row: BuilderRow): unknown {
  const kind = fieldOf(row.field).kind;
  if (kind === 'boolean') return row.value === 'true';
  if (kind === 'number') return /^\d+$/.test(row.value.trim()) ? Number(row.value.trim()) : row.value.trim();
  if ((row.operator === 'ilike' || row.operator === 'notIlike') && !row.value.includes('%')) return `%${row.value}%`;
  return row.value;
}

/** The builder's rows as one contract filter (all must hold); undefined when there is none. */
export function buildFilter(rows: readonly BuilderRow[]): unknown {
  const conditions = rows
    .filter((row) => !needsValue(row.operator) || row.value.trim() !== '' || fieldOf(row.field).kind === 'boolean')
    .map((row) =>
      needsValue(row.operator)
        ? { field: row.field, operator: row.operator, value: conditionValue(row) }
        : { field: row.field, operator: row.operator },
    );
  if (conditions.length === 0) return undefined;
  return conditions.length === 1 ? conditions[0] : conditions;
}

/** Back from a filter to builder rows, when it is a plain list of known-field conditions; else null (raw mode). */
export function rowsOfFilter(filter: unknown): BuilderRow[] | null {
  if (filter === undefined || filter === null) return [];
  const list = Array.isArray(filter) ? filter : [filter];
  const rows: BuilderRow[] = [];
  for (const node of list) {
    if (!node || typeof node !== 'object' || Array.isArray(node)) return null;
    const { field, operator, value } = node as { field?: unknown; operator?: unknown; value?: unknown };
    const known = FILTER_FIELDS.find((f) => f.field === field);
    if (!known || typeof operator !== 'string' || !(OPERATORS_BY_KIND[known.kind] as readonly string[]).includes(operator)) return null;
    let text = value === undefined || value === null ? '' : String(value);
    if ((operator === 'ilike' || operator === 'notIlike') && /^%[^%]*%$/.test(text)) text = text.slice(1, -1);
    rows.push({ field: known.field, operator: operator as FilterOperator, value: text });
  }
  return rows;
}
