import fixture from './vendor-conformance.json';

/**
 * The vendor's published requests and responses as facts (`vendor-conformance.json`, derived by
 * `scripts/extract-vendor-conformance.mjs` from the public collections, source commit inside),
 * and the one check of a request or a body against them. The conformance test checks every
 * request the client builds; the sandbox's vendor profile refuses what the vendor would refuse.
 * Failures read as the vendor's framework writes them (pydantic: `{loc, msg, type}`).
 */

export interface VendorType {
  type?: string;
  nullable?: boolean;
  anyOf?: VendorType[];
  enum?: (string | number)[];
  /** The vendor's name of an enumeration (`MakeEnum`). */
  enumName?: string;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  required?: string[];
  properties?: Record<string, VendorType>;
  additionalProperties?: VendorType;
  items?: VendorType;
}

export interface VendorParameter {
  name: string;
  required: boolean;
  schema: VendorType;
}

export interface VendorOperation {
  name: string;
  collection: string;
  method: string;
  path: string;
  pathParams: VendorParameter[];
  query: VendorParameter[];
  body: { contentType: string; required: boolean; schema: VendorType } | null;
  errorCodes: string[];
  responses: { status: number; description: string; schema?: VendorType; example: unknown }[];
}

export interface VendorFixture {
  source: { repository: string; commit: string; collections: string[]; schemasFrom: string };
  operations: VendorOperation[];
}

export const VENDOR_FIXTURE = fixture as unknown as VendorFixture;

/** One failure as pydantic writes it; `loc` starts with `body`, `query` or `path`. */
export interface VendorIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

const templateRegex = (template: string) =>
  new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}/g, '(?<$1>[^/]+)')}$`);
const literalLength = (template: string) => template.replace(/\{\w+\}/g, '').length;
/** Most literal first: `/v1/vehicles/connect` before `/v1/vehicles/{vehicle_id}`. */
const MATCHERS = VENDOR_FIXTURE.operations
  .map((operation) => ({ operation, regex: templateRegex(operation.path) }))
  .sort((a, b) => literalLength(b.operation.path) - literalLength(a.operation.path));

/** The published operation a concrete request path is, with its path parameters; null when the vendor publishes none. */
export function findVendorOperation(method: string, path: string): { operation: VendorOperation; params: Record<string, string> } | null {
  for (const { operation, regex } of MATCHERS) {
    if (operation.method !== method.toUpperCase()) continue;
    const match = regex.exec(path);
    if (match) return { operation, params: { ...match.groups } };
  }
  return null;
}

/** How unknown keys are met: the vendor (pydantic) ignores them; Motorpool's own requests must send none. */
export type ExtraKeys = 'ignore' | 'forbid';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

function describeEnum(values: (string | number)[]): string {
  const quoted = values.map((v) => `'${v}'`);
  return quoted.length > 1 ? `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}` : quoted.join('');
}

const typeName = (value: unknown) => (Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value);

function checkFormat(schema: VendorType, value: string, loc: (string | number)[]): VendorIssue[] {
  if (schema.format === 'date' && !(ISO_DATE.test(value) && !Number.isNaN(Date.parse(value))))
    return [{ loc, msg: 'Input should be a valid date in the format YYYY-MM-DD', type: 'date_from_datetime_parsing' }];
  if (schema.format === 'date-time' && !(ISO_DATE_TIME.test(value) && !Number.isNaN(Date.parse(value))))
    return [{ loc, msg: 'Input should be a valid datetime', type: 'datetime_from_date_parsing' }];
  if (schema.format === 'uri' && !URL.canParse(value))
    return [{ loc, msg: 'Input should be a valid URL, relative URL without a base', type: 'url_parsing' }];
  return [];
}

function checkString(schema: VendorType, value: string, loc: (string | number)[]): VendorIssue[] {
  if (schema.enum && !schema.enum.includes(value)) return [{ loc, msg: `Input should be ${describeEnum(schema.enum)}`, type: 'enum' }];
  if (schema.minLength !== undefined && value.length < schema.minLength)
    return [{ loc, msg: `String should have at least ${schema.minLength} characters`, type: 'string_too_short' }];
  if (schema.maxLength !== undefined && value.length > schema.maxLength)
    return [{ loc, msg: `String should have at most ${schema.maxLength} characters`, type: 'string_too_long' }];
  if (schema.pattern && !new RegExp(schema.pattern).test(value))
    return [{ loc, msg: `String should match pattern '${schema.pattern}'`, type: 'string_pattern_mismatch' }];
  return checkFormat(schema, value, loc);
}

function checkNumber(schema: VendorType, value: number, loc: (string | number)[]): VendorIssue[] {
  if (schema.enum && !schema.enum.includes(value)) return [{ loc, msg: `Input should be ${describeEnum(schema.enum)}`, type: 'enum' }];
  if (schema.minimum !== undefined && value < schema.minimum)
    return [{ loc, msg: `Input should be greater than or equal to ${schema.minimum}`, type: 'greater_than_equal' }];
  if (schema.maximum !== undefined && value > schema.maximum)
    return [{ loc, msg: `Input should be less than or equal to ${schema.maximum}`, type: 'less_than_equal' }];
  return [];
}

function checkObject(schema: VendorType, value: Record<string, unknown>, loc: (string | number)[], extra: ExtraKeys): VendorIssue[] {
  const issues: VendorIssue[] = [];
  const properties = schema.properties ?? {};
  for (const key of schema.required ?? [])
    if (value[key] === undefined) issues.push({ loc: [...loc, key], msg: 'Field required', type: 'missing' });
  for (const [key, field] of Object.entries(value)) {
    if (field === undefined) continue;
    const property = properties[key] ?? schema.additionalProperties;
    if (property) issues.push(...checkValue(property, field, [...loc, key], extra));
    else if (extra === 'forbid' && schema.properties)
      issues.push({ loc: [...loc, key], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' });
  }
  return issues;
}

function checkArray(schema: VendorType, value: unknown[], loc: (string | number)[], extra: ExtraKeys): VendorIssue[] {
  if (schema.minItems !== undefined && value.length < schema.minItems)
    return [{ loc, msg: `List should have at least ${schema.minItems} item after validation, not ${value.length}`, type: 'too_short' }];
  if (schema.maxItems !== undefined && value.length > schema.maxItems)
    return [{ loc, msg: `List should have at most ${schema.maxItems} items after validation, not ${value.length}`, type: 'too_long' }];
  return schema.items ? value.flatMap((item, index) => checkValue(schema.items!, item, [...loc, index], extra)) : [];
}

/** The issues of one JSON value against a type of the fixture, each at its `loc`. */
export function checkValue(schema: VendorType, value: unknown, loc: (string | number)[] = [], extra: ExtraKeys = 'ignore'): VendorIssue[] {
  if (value === null)
    return schema.nullable || !schema.type ? [] : [{ loc, msg: `Input should be a valid ${schema.type}`, type: `${schema.type}_type` }];
  if (schema.anyOf) {
    const tried = schema.anyOf.map((option) => checkValue(option, value, loc, extra));
    return tried.some((issues) => issues.length === 0) ? [] : tried.flat();
  }
  switch (schema.type) {
    case 'string':
      return typeof value === 'string'
        ? checkString(schema, value, loc)
        : [{ loc, msg: 'Input should be a valid string', type: 'string_type' }];
    case 'integer':
      return Number.isInteger(value)
        ? checkNumber(schema, value as number, loc)
        : [{ loc, msg: 'Input should be a valid integer', type: 'int_type' }];
    case 'number':
      return typeof value === 'number'
        ? checkNumber(schema, value, loc)
        : [{ loc, msg: 'Input should be a valid number', type: 'float_type' }];
    case 'boolean':
      return typeof value === 'boolean' ? [] : [{ loc, msg: 'Input should be a valid boolean', type: 'bool_type' }];
    case 'array':
      return Array.isArray(value)
        ? checkArray(schema, value, loc, extra)
        : [{ loc, msg: 'Input should be a valid list', type: 'list_type' }];
    case 'object':
      return typeName(value) === 'object'
        ? checkObject(schema, value as Record<string, unknown>, loc, extra)
        : [{ loc, msg: 'Input should be a valid dictionary or object to extract fields from', type: 'model_attributes_type' }];
    default:
      return [];
  }
}

/** A query value (always text) read as its parameter's type, as the framework parses it. */
function checkQueryValue({ schema }: VendorParameter, raw: string, loc: (string | number)[]): VendorIssue[] {
  if (schema.type === 'integer') {
    if (!/^[+-]?\d+$/.test(raw))
      return [{ loc, msg: 'Input should be a valid integer, unable to parse string as an integer', type: 'int_parsing' }];
    return checkNumber(schema, Number(raw), loc);
  }
  if (schema.type === 'number') {
    if (raw.trim() === '' || Number.isNaN(Number(raw)))
      return [{ loc, msg: 'Input should be a valid number, unable to parse string as a number', type: 'float_parsing' }];
    return checkNumber(schema, Number(raw), loc);
  }
  if (schema.type === 'boolean')
    return /^(true|false|1|0|yes|no|on|off)$/i.test(raw)
      ? []
      : [{ loc, msg: 'Input should be a valid boolean, unable to interpret input', type: 'bool_parsing' }];
  return checkValue(schema, raw, loc);
}

export interface VendorRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** Parsed JSON, or the form's fields, or undefined when none was sent. */
  body: unknown;
  contentType?: string | null;
}

/**
 * The issues the vendor's framework would answer a request with (422), in its order: path, query,
 * body. Null when the vendor publishes no such operation. `extra: 'forbid'` also reports query
 * parameters and body keys the vendor does not know (it ignores them: a misspelt optional key is
 * silently lost), for Motorpool's own requests.
 */
export function checkVendorRequest(request: VendorRequest, extra: ExtraKeys = 'ignore'): VendorIssue[] | null {
  const found = findVendorOperation(request.method, request.path);
  if (!found) return null;
  const { operation } = found;
  const issues: VendorIssue[] = [];
  for (const param of operation.query) {
    const values = request.query.getAll(param.name);
    if (values.length === 0) {
      if (param.required) issues.push({ loc: ['query', param.name], msg: 'Field required', type: 'missing' });
      continue;
    }
    issues.push(...checkQueryValue(param, values[0], ['query', param.name]));
    if (extra === 'forbid' && values.length > 1)
      issues.push({ loc: ['query', param.name], msg: 'Sent more than once', type: 'extra_forbidden' });
  }
  if (extra === 'forbid') {
    const known = new Set(operation.query.map((param) => param.name));
    for (const name of new Set(request.query.keys()))
      if (!known.has(name)) issues.push({ loc: ['query', name], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' });
  }
  const body = operation.body;
  if (!body) {
    if (extra === 'forbid' && request.body !== undefined)
      issues.push({ loc: ['body'], msg: 'The vendor publishes no body for this operation', type: 'extra_forbidden' });
    return issues;
  }
  if (request.body === undefined) {
    if (body.required) issues.push({ loc: ['body'], msg: 'Field required', type: 'missing' });
    return issues;
  }
  if (extra === 'forbid' && request.contentType && !request.contentType.startsWith(body.contentType))
    issues.push({ loc: ['body'], msg: `Sent as ${request.contentType}; the vendor takes ${body.contentType}`, type: 'content_type' });
  issues.push(...checkValue(body.schema, request.body, ['body'], extra));
  return issues;
}

/** The documented answer of an operation for a status, when the collection shows one. */
export function documentedResponse(operation: VendorOperation, status: number) {
  return operation.responses.find((response) => response.status === status) ?? null;
}
