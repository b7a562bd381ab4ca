import 'server-only';
import { FILTER_OPERATORS, type FilterOperator } from '@/lib/contract/vehicle-api';
import { invalid } from './errors';

/**
 * The list filter grammar of contract-gaps: a condition `{field, operator, value}`, an array of
 * nodes (all must hold), `{and: [...]}`, `{or: [...]}` (at least one) and `{not: [one]}`.
 */
export type FilterNode =
  | { kind: 'condition'; field: string[]; operator: FilterOperator; value: unknown }
  | { kind: 'and' | 'or'; nodes: FilterNode[] }
  | { kind: 'not'; node: FilterNode };

export type Predicate = (record: unknown) => boolean;

const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const OPERATORS: readonly string[] = FILTER_OPERATORS;

function parseNode(raw: unknown, path: string): FilterNode {
  if (Array.isArray(raw)) {
    if (raw.length === 0) throw invalid(`filter: ${path} is an empty array`);
    return { kind: 'and', nodes: raw.map((n, i) => parseNode(n, `${path}[${i}]`)) };
  }
  if (raw === null || typeof raw !== 'object') throw invalid(`filter: ${path} must be an object or an array`);
  const obj = raw as Record<string, unknown>;
  const keys = Object.keys(obj);
  if (keys.length === 1 && (keys[0] === 'and' || keys[0] === 'or' || keys[0] === 'not')) {
    const key = keys[0];
    const list = obj[key];
    if (!Array.isArray(list) || list.length === 0) throw invalid(`filter: ${path}.${key} must be a non-empty array`);
    if (key === 'not') {
      if (list.length !== 1) throw invalid(`filter: ${path}.not takes exactly one element`);
      return { kind: 'not', node: parseNode(list[0], `${path}.not[0]`) };
    }
    return { kind: key, nodes: list.map((n, i) => parseNode(n, `${path}.${key}[${i}]`)) };
  }
  const { field, operator, value } = obj;
  if (typeof field !== 'string' || field === '') throw invalid(`filter: ${path}.field must be a non-empty string`);
  if (typeof operator !== 'string' || !OPERATORS.includes(operator)) {
    throw invalid(`filter: ${path}.operator must be one of ${FILTER_OPERATORS.join(', ')}`);
  }
  const needsValue = operator !== 'isNull' && operator !== 'isNotNull';
  if (needsValue && (value === undefined || (typeof value === 'object' && value !== null))) {
    throw invalid(`filter: ${path}.value must be a string, number, boolean or null for ${operator}`);
  }
  if ((operator === 'like' || operator === 'ilike' || operator === 'notIlike') && typeof value !== 'string') {
    throw invalid(`filter: ${path}.value must be a string for ${operator}`);
  }
  return { kind: 'condition', field: field.split('.'), operator: operator as FilterOperator, value };
}

/** Parses the `filter` query parameter; throws REQUEST_VALIDATION_ERROR on anything malformed. */
export function parseFilter(text: string | null): FilterNode | null {
  if (text === null || text.trim() === '') return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw invalid('filter: not valid JSON');
  }
  return parseNode(raw, 'filter');
}

function fieldValue(record: unknown, path: string[]): unknown {
  let current: unknown = record;
  for (const part of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** SQL LIKE as PostgreSQL reads it: `%` any run, `_` any one character, `\` makes the next character plain. */
function likeRegex(pattern: string, flags: string): RegExp {
  let body = '';
  for (let i = 0; i < pattern.length; i++) {
    let c = pattern[i];
    if (c === '%') body += '.*';
    else if (c === '_') body += '.';
    else {
      if (c === '\\' && i + 1 < pattern.length) c = pattern[++i];
      body += c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    }
  }
  return new RegExp(`^${body}$`, `s${flags}`);
}

/** Comparable forms: datetimes by instant, numeric strings against numbers, the rest as is. */
function comparable(left: unknown, right: unknown): [unknown, unknown] {
  if (typeof left === 'string' && typeof right === 'string' && ISO_DATETIME.test(left) && ISO_DATETIME.test(right)) {
    return [Date.parse(left), Date.parse(right)];
  }
  if (typeof left === 'number' && typeof right === 'string' && right.trim() !== '' && !Number.isNaN(Number(right))) {
    return [left, Number(right)];
  }
  if (typeof left === 'string' && typeof right === 'number' && left.trim() !== '' && !Number.isNaN(Number(left))) {
    return [Number(left), right];
  }
  return [left, right];
}

function test(node: FilterNode, record: unknown): boolean {
  switch (node.kind) {
    case 'and':
      return node.nodes.every((n) => test(n, record));
    case 'or':
      return node.nodes.some((n) => test(n, record));
    case 'not':
      return !test(node.node, record);
    case 'condition': {
      const raw = fieldValue(record, node.field);
      const present = raw !== undefined && raw !== null;
      if (node.operator === 'isNull') return !present;
      if (node.operator === 'isNotNull') return present;
      if (node.operator === '==' && node.value === null) return !present;
      if (node.operator === '!=' && node.value === null) return present;
      if (!present) return false;
      if (node.operator === 'like') return likeRegex(String(node.value), '').test(String(raw));
      if (node.operator === 'ilike') return likeRegex(String(node.value), 'i').test(String(raw));
      if (node.operator === 'notIlike') return !likeRegex(String(node.value), 'i').test(String(raw));
      const [l, r] = comparable(raw, node.value);
      switch (node.operator) {
        case '==':
          return l === r;
        case '!=':
          return l !== r;
        case '>':
          return typeof l === typeof r && (l as number) > (r as number);
        case '<':
          return typeof l === typeof r && (l as number) < (r as number);
        case '>=':
          return typeof l === typeof r && (l as number) >= (r as number);
        case '<=':
          return typeof l === typeof r && (l as number) <= (r as number);
      }
    }
  }
}

export function toPredicate(node: FilterNode | null): Predicate | null {
  return node ? (record) => test(node, record) : null;
}
