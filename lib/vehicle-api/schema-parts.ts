import 'server-only';
import { z } from 'zod';
import { upstreamNumber } from './upstream-values';

/**
 * Tolerant reader of the contract's shapes: every object keeps fields it does not know
 * (`looseObject`), and a field is required only where a caller could not work without it.
 * Nullable where the upstream may plausibly send null for "unknown".
 */
export const obj = z.looseObject;
export const text = z.string().nullish();
export const timestamp = z.string().nullish();
export const strings = z.array(z.string()).nullish();

/**
 * Every figure the contract gives as a number: the vendor sends some as decimal strings (`"12.5"`),
 * read as numbers; a string that is no number (`"n/a"`) is kept as it came, to be shown as such, so
 * one odd value never fails a whole page. Code that computes skips what is not a number.
 */
export const figure = z.union([z.number(), z.string()]).nullish().transform(upstreamNumber);

/**
 * A count no caller strictly needs (`totalResults`): read as `figure`, and anything that is no number
 * (or not even a string) is unknown, never a failed page.
 */
export const count = figure.transform((value) => (typeof value === 'number' ? value : null)).catch(null);

/**
 * A yes/no: booleans, and `"true"`/`"false"` as some vendors send them. Any other value is unknown
 * (null) rather than a failed page: a string kept as it came would count as yes in every check
 * (the exact payload stays readable in the section's raw view).
 */
export const flag = z
  .unknown()
  .transform((value) => {
    if (typeof value === 'boolean') return value;
    if (typeof value !== 'string') return null;
    const word = value.trim().toLowerCase();
    return word === 'true' ? true : word === 'false' ? false : null;
  })
  .optional();

/** A string enum that still accepts values the contract does not list yet. */
export const openEnum = <const T extends readonly [string, ...string[]]>(values: T) => z.union([z.enum(values), z.string()]).nullish();

/** An array the vendor leaves out when it would be empty (`{}` means none). */
export const absentArray = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .nullish()
    .transform((items) => items ?? []);

/**
 * The eligibility and bulk-connection results: both fields optional, an empty check answers
 * `{"totalResults": 0}` or `{}`. Without `results` the total is 0; with results but no total it
 * stays unknown (null), so paging goes on until a short page.
 */
export const numberedResults = <T extends z.ZodType>(item: T) =>
  obj({ results: z.array(item).nullish(), totalResults: count }).transform(({ results, totalResults, ...rest }) => ({
    ...rest,
    results: results ?? [],
    totalResults: totalResults ?? (results ? null : 0),
  }));

export const cursorPage = <T extends z.ZodType>(item: T) =>
  obj({ results: z.array(item), nextPageToken: z.string().nullish(), totalResults: count });
