import * as z from '@/lib/validations/zod';
import { addTransformIssue } from '@/lib/validations/zod';
import { FILTER_OPERATORS, PAGE_SIZE, TAG_LIMIT } from '@/lib/contract/vehicle-api';
import { upstreamId } from '@/lib/validations/route-params';

/**
 * Inputs of the fleet pages, shared by the forms (react-hook-form resolver) and the BFF routes.
 * Limits come from the contract so the browser refuses what the upstream would refuse.
 */

const tagText = (what: string) =>
  z
    .string()
    .check(z.trim(), z.minLength(1, `Enter a ${what}`), z.maxLength(TAG_LIMIT, `A tag ${what} has at most ${TAG_LIMIT} characters`));

export const tagInputSchema = z.object({ key: tagText('key'), value: tagText('value') });
export type TagInput = z.infer<typeof tagInputSchema>;

export const registrationPlateSchema = z.object({
  registrationPlate: z
    .string()
    .check(z.trim(), z.minLength(1, 'Enter a registration plate'), z.maxLength(50, 'A registration plate has at most 50 characters')),
});
export type RegistrationPlateInput = z.infer<typeof registrationPlateSchema>;

export const accountParamsSchema = z.object({ org: z.string(), accountId: upstreamId });

type FilterNode =
  | { field: string; operator: string; value?: unknown }
  | FilterNode[]
  | { and: FilterNode[] }
  | { or: FilterNode[] }
  | { not: [FilterNode] };

const NO_VALUE_OPERATORS: readonly string[] = ['isNull', 'isNotNull'];
const TEXT_OPERATORS: readonly string[] = ['like', 'ilike', 'notIlike'];

const conditionSchema = z
  .strictObject({
    field: z.string().check(z.minLength(1, 'field must be a non-empty string')),
    operator: z.enum(FILTER_OPERATORS, { message: `operator must be one of ${FILTER_OPERATORS.join(', ')}` }),
    value: z.optional(
      z.union([z.string(), z.number(), z.boolean(), z.null()], { message: 'value must be a string, number, boolean or null' }),
    ),
  })
  .check(
    z.superRefine((c, ctx) => {
      if (!NO_VALUE_OPERATORS.includes(c.operator) && c.value === undefined)
        ctx.addIssue({ code: 'custom', path: ['value'], message: `value is required for ${c.operator}` });
      if (TEXT_OPERATORS.includes(c.operator) && typeof c.value !== 'string')
        ctx.addIssue({ code: 'custom', path: ['value'], message: `value must be a string for ${c.operator}` });
    }),
  );

/** The contract's filter grammar: a condition, an array (all hold), `and`, `or` (non-empty), `not` (one). */
export const filterNodeSchema: z.ZodMiniType<FilterNode> = z.lazy(() =>
  z.union([
    conditionSchema,
    z.array(filterNodeSchema).check(z.minLength(1, 'an array of conditions needs at least one')),
    z.strictObject({ and: z.array(filterNodeSchema).check(z.minLength(1, 'and needs at least one element')) }),
    z.strictObject({ or: z.array(filterNodeSchema).check(z.minLength(1, 'or needs at least one element')) }),
    z.strictObject({ not: z.tuple([filterNodeSchema], { message: 'not takes exactly one element' }) }),
  ]),
);

export type FilterCheck = { ok: true; filter: unknown } | { ok: false; message: string };

/** Which branch of the filter union a value was meant for, by its shape (the order of `filterNodeSchema`). */
function intendedBranch(value: unknown): number {
  if (Array.isArray(value)) return 1;
  if (value && typeof value === 'object') {
    if ('and' in value) return 2;
    if ('or' in value) return 3;
    if ('not' in value) return 4;
  }
  return 0;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>(
    (node, key) => (node && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[key] : undefined),
    root,
  );
}

/** The issue of the branch the value was meant for, so the message names the real problem. */
function firstIssue(issues: z.core.$ZodIssue[], input: unknown, prefix: PropertyKey[] = []): { path: PropertyKey[]; message: string } {
  const issue = issues[0];
  if (!issue) return { path: prefix, message: 'not a filter' };
  const path = [...prefix, ...issue.path];
  if (issue.code === 'invalid_union' && issue.errors.length) {
    const branch = issue.errors[intendedBranch(valueAt(input, path))] ?? issue.errors[0];
    if (branch.length) return firstIssue(branch, input, path);
    return { path, message: 'must be a condition {field, operator, value}, an array of them, or {and|or|not: [...]}' };
  }
  return { path, message: issue.message };
}

function pathText(path: PropertyKey[]): string {
  return path.reduce<string>((text, part) => (typeof part === 'number' ? `${text}[${part}]` : `${text}.${String(part)}`), 'filter');
}

/** Deeper filters are refused before the grammar is checked: its recursion would run out of stack (about 1,500 levels). */
export const MAX_FILTER_DEPTH = 64;

/** How deep arrays and objects nest in a JSON value, counted without recursion. */
function nestingDepth(value: unknown): number {
  let deepest = 0;
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length) {
    const [node, depth] = pending.pop()!;
    if (!node || typeof node !== 'object') continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > MAX_FILTER_DEPTH) break;
    for (const child of Object.values(node)) pending.push([child, depth + 1]);
  }
  return deepest;
}

/** Checks a raw JSON filter before it is sent; the message names where and what is wrong. */
export function checkFilterText(text: string): FilterCheck {
  if (text.trim() === '') return { ok: true, filter: undefined };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `The filter is not valid JSON: ${(error as Error).message}` };
  }
  if (nestingDepth(raw) > MAX_FILTER_DEPTH) return { ok: false, message: `The filter nests deeper than ${MAX_FILTER_DEPTH} levels.` };
  const result = filterNodeSchema.safeParse(raw);
  if (result.success) return { ok: true, filter: result.data };
  const issue = firstIssue(result.error.issues, raw);
  return { ok: false, message: `${pathText(issue.path)}: ${issue.message}` };
}

export const filterText = z.pipe(
  z.optional(z.string().check(z.maxLength(4000, 'The filter has at most 4000 characters'))),
  z.transform((text, ctx) => {
    if (!text) return undefined;
    const check = checkFilterText(text);
    if (!check.ok) {
      addTransformIssue(ctx, check.message);
      return z.NEVER;
    }
    return check.filter;
  }),
);

const optionalText = (max: number) =>
  z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(max))),
    z.transform((v) => (v ? v : undefined)),
  );

/** Page size is not capped here: a size above the contract's maximum reaches the upstream, which answers PAGE_SIZE_TOO_LARGE. */
export const listQuerySchema = z.object({
  pageSize: z._default(
    z.optional(z.coerceNumber().check(z.int(), z.gte(1, 'The page size is at least 1'), z.lte(10_000))),
    PAGE_SIZE.default,
  ),
  pageToken: optionalText(2000),
  filter: filterText,
});

const optionalWhole = (min: number, max: number, what: string) =>
  z.optional(z.coerceNumber().check(z.int(), z.gte(min, `${what} is at least ${min}`), z.lte(max, `${what} is at most ${max}`)));
const flag = z.pipe(
  z.optional(z.enum(['1', '0', ''])),
  z.transform((v) => (v === '1' ? true : undefined)),
);

export const vehicleListQuerySchema = z.extend(listQuerySchema, {
  tagKey: optionalText(TAG_LIMIT),
  tagValue: optionalText(TAG_LIMIT),
  // Filters on the fleet snapshot (lib/vehicles/state-filters.ts).
  socBelow: optionalWhole(1, 100, 'The state of charge'),
  charging: flag,
  plugged: flag,
  staleHours: optionalWhole(1, 8760, 'The hours'),
  tiresBelow: optionalWhole(50, 500, 'The tire pressure'),
  alerts: flag,
  healthBelow: optionalWhole(1, 100, 'The battery health'),
});
export type ListQuery = z.infer<typeof listQuerySchema>;
export type VehicleListQuery = z.infer<typeof vehicleListQuerySchema>;

export const vehicleLookupQuerySchema = z.object({
  q: z.string().check(z.trim(), z.minLength(1, 'Enter a VIN or a vehicle id'), z.maxLength(200)),
});

/** Ids of the vehicles whose tags the tags column shows (one page at most). */
export const tagsOfVehiclesQuerySchema = z.object({
  ids: z.pipe(
    z.pipe(
      z.string(),
      z.transform((s) => s.split(',').filter(Boolean)),
    ),
    z.array(upstreamId).check(z.minLength(1), z.maxLength(PAGE_SIZE.max)),
  ),
});
