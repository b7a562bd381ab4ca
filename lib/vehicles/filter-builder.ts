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

const LIKE_OPERATORS: readonly FilterOperator[] = ['like', 'ilike', 'notIlike'];

/**
 * A person's text as a LIKE pattern: `%` stays the wildcard the operator labels promise, while `_`
 * (SQL's one-character wildcard) and the escape character `\` are escaped, so they match themselves.
 */
export function likePattern(text: string): string {
  return text.replace(/[\\_]/g, (c) => `\\${c}`);
}

/** Back from a pattern to the text a person typed; null when it holds what `likePattern` never writes (a bare `_`, a stray `\`). */
export function likeText(pattern: string): string | null {
  let text = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '_') return null;
    if (c === '\\') {
      const next = pattern[i + 1];
      if (next !== '\\' && next !== '_') return null;
      text += next;
      i++;
    } else text += c;
  }
  return text;
}

/** `ilike` without a wildcard means "contains": what a person typing a fragment expects. */
function conditionValue(row: BuilderRow): unknown {
  const kind = fieldOf(row.field).kind;
  if (kind === 'boolean') return row.value === 'true';
  if (kind === 'number') return /^\d+$/.test(row.value.trim()) ? Number(row.value.trim()) : row.value.trim();
  if (!LIKE_OPERATORS.includes(row.operator)) return row.value;
  const pattern = likePattern(row.value);
  return row.operator !== 'like' && !row.value.includes('%') ? `%${pattern}%` : pattern;
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

/** The text a row shows for a condition's value; null when the builder has no words for it. */
function rowText(operator: FilterOperator, value: unknown): string | null {
  if (value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value !== 'string') return null;
  if (!LIKE_OPERATORS.includes(operator)) return value;
  const contains = operator !== 'like' && /^%[^%]*%$/.test(value) ? likeText(value.slice(1, -1)) : null;
  return contains?.trim() ? contains : likeText(value);
}

function rowOfCondition(node: unknown): BuilderRow | null {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return null;
  const { field, operator, ...rest } = node as Record<string, unknown>;
  const known = FILTER_FIELDS.find((f) => f.field === field);
  if (!known || typeof operator !== 'string' || !(OPERATORS_BY_KIND[known.kind] as readonly string[]).includes(operator)) return null;
  const value = rowText(operator as FilterOperator, rest.value);
  if (value === null) return null;
  const row: BuilderRow = { field: known.field, operator: operator as FilterOperator, value };
  // Shown as a row only when the builder writes the very same condition back, so switching modes never changes the filter.
  const built = buildFilter([row]) as Record<string, unknown> | undefined;
  const same = built !== undefined && Object.keys(rest).join() === (needsValue(row.operator) ? 'value' : '') && built.value === rest.value;
  return same ? row : null;
}

/** Back from a filter to builder rows, when it is a plain list of known-field conditions; else null (raw mode). */
export function rowsOfFilter(filter: unknown): BuilderRow[] | null {
  if (filter === undefined || filter === null) return [];
  const list = Array.isArray(filter) ? filter : [filter];
  const rows: BuilderRow[] = [];
  for (const node of list) {
    const row = rowOfCondition(node);
    if (!row) return null;
    rows.push(row);
  }
  return rows;
}

/** The short words of an operator on a chip ("Brand = Tesla", "Model contains 3"). */
const OPERATOR_WORDS: Record<FilterOperator, string> = {
  '==': '=',
  '!=': '≠',
  '>': '>',
  '<': '<',
  '>=': '≥',
  '<=': '≤',
  like: 'matches',
  ilike: 'contains',
  notIlike: 'does not contain',
  isNull: 'is empty',
  isNotNull: 'is not empty',
};

/** A builder row in words, for the chip that shows it in the filter bar. */
export function conditionWords(row: BuilderRow): string {
  const field = fieldOf(row.field);
  if (field.kind === 'boolean') return `${field.label}: ${row.value === 'false' ? 'no' : 'yes'}`;
  if (!needsValue(row.operator)) return `${field.label} ${OPERATOR_WORDS[row.operator]}`;
  return `${field.label} ${OPERATOR_WORDS[row.operator]} ${row.value}`;
}
