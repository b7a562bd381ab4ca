import * as z from '@/lib/validations/zod';
import { ELIGIBILITY } from '@/lib/contract/eligibility';
import { PAGE_SIZE } from '@/lib/contract/limits';
import { countryCodeProblem } from './country-codes';
import { upstreamId } from '@/lib/validations/route-params';
import { toVendorMake } from '@/lib/contract/makes';
import { UNKNOWN_MAKE_MESSAGE } from '@/lib/contract/makes';
import { vinProblem } from '@/lib/validations/vin';

/** A value normalized the way people paste it (trimmed, upper case), refused with the words of `problem`. */
const normalizedCode = (problem: (value: string) => string | null) =>
  z.string().check(
    z.trim(),
    z.toUpperCase(),
    z.superRefine((value, ctx) => {
      const found = problem(value);
      if (found) ctx.addIssue({ code: 'custom', message: found });
    }),
  );

export const vinSchema = normalizedCode(vinProblem);
export const countryCodeSchema = normalizedCode(countryCodeProblem);

export const eligibilityVinSchema = z.object({
  vin: vinSchema,
  countryCode: countryCodeSchema,
  make: z.optional(
    z.string().check(
      z.trim(),
      z.minLength(1),
      z.maxLength(50, 'A make has at most 50 characters.'),
      z.refine((make) => toVendorMake(make) !== null, { message: UNKNOWN_MAKE_MESSAGE }),
    ),
  ),
});

/** One eligibility check: 1 to 500 distinct VINs. The browser sends a larger list as several of these. */
export const eligibilityCheckBodySchema = z.object({
  vins: z.array(eligibilityVinSchema).check(
    z.minLength(ELIGIBILITY.minVins, 'Send at least one VIN.'),
    z.maxLength(ELIGIBILITY.maxVins, `Send at most ${ELIGIBILITY.maxVins} VINs in one check.`),
    z.superRefine((rows, ctx) => {
      const seen = new Map<string, number>();
      rows.forEach((row, index) => {
        const first = seen.get(row.vin);
        if (first !== undefined)
          ctx.addIssue({
            code: 'custom',
            path: [index, 'vin'],
            message: `${row.vin} is listed twice (rows ${first + 1} and ${index + 1}).`,
          });
        else seen.set(row.vin, index);
      });
    }),
  ),
  label: z.optional(z.string().check(z.trim(), z.maxLength(120, 'The label has at most 120 characters.'))),
});
export type EligibilityCheckBody = z.infer<typeof eligibilityCheckBodySchema>;

/** The results pages of the upstream: `maxPageSize` (1 to 100) and `currentPage` (from 0). */
export const resultsPageQuerySchema = z.object({
  maxPageSize: z._default(z.coerceNumber().check(z.int(), z.gte(1), z.lte(PAGE_SIZE.max)), PAGE_SIZE.default),
  currentPage: z._default(z.coerceNumber().check(z.int(), z.gte(0), z.lte(100_000)), 0),
});

export type ResultsPageQuery = z.infer<typeof resultsPageQuerySchema>;
export const eligibilityCheckParamsSchema = z.object({ org: z.string(), checkId: z.uuid({ message: 'Not a valid check id' }) });
export const bulkConnectionParamsSchema = z.object({ org: z.string(), connectionId: upstreamId });
export const checkConnectionParamsSchema = z.object({
  org: z.string(),
  checkId: z.uuid({ message: 'Not a valid check id' }),
  connectionId: z.uuid({ message: 'Not a valid bulk connection id' }),
});
