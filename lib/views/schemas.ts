import * as z from '@/lib/validations/zod';
import { TAG_LIMIT } from '@/lib/contract/vehicle-api';

const digits = (max: number) => z.optional(z.string().check(z.maxLength(max), z.regex(/^\d+$/, 'Not a whole number')));
const flag = z.optional(z.string().check(z.regex(/^1$/, 'Not a filter flag')));

/** The vehicles list's URL parameters a view keeps (lib/views/saved-views.ts VIEW_PARAMS). */
export const viewQuerySchema = z.strictObject({
  filter: z.optional(z.string().check(z.maxLength(4000, 'A filter has at most 4000 characters'))),
  tagKey: z.optional(z.string().check(z.maxLength(TAG_LIMIT))),
  tagValue: z.optional(z.string().check(z.maxLength(TAG_LIMIT))),
  socBelow: digits(3),
  charging: flag,
  plugged: flag,
  staleHours: digits(4),
  tiresBelow: digits(3),
  cols: z.optional(z.string().check(z.maxLength(200), z.regex(/^[a-z]+(,[a-z]+)*$/, 'Not a list of columns'))),
  sort: z.optional(z.string().check(z.maxLength(40), z.regex(/^-?[a-z]+$/, 'Not a column to sort by'))),
});

const viewName = z.string().check(z.trim(), z.minLength(1, 'Enter a name'), z.maxLength(60, 'A view name has at most 60 characters'));

export const createViewSchema = z.object({ name: viewName, shared: z.boolean(), query: viewQuerySchema });
export type CreateViewInput = z.infer<typeof createViewSchema>;

/** Rename, share or unshare, or replace the saved parameters; at least one of them. */
export const updateViewSchema = z
  .object({ name: z.optional(viewName), shared: z.optional(z.boolean()), query: z.optional(viewQuerySchema) })
  .check(
    z.refine((v) => v.name !== undefined || v.shared !== undefined || v.query !== undefined, {
      message: 'Nothing to change',
    }),
  );
export type UpdateViewInput = z.infer<typeof updateViewSchema>;

export const viewParamsSchema = z.object({ org: z.string(), viewId: z.uuid({ message: 'Not a valid view id' }) });

/** The ⌘K search: a few characters to a hundred. */
export const consoleSearchSchema = z.object({
  q: z.string().check(z.trim(), z.minLength(2, 'Type at least two characters'), z.maxLength(100)),
});
