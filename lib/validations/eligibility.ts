import { z } from 'zod';
import { ELIGIBILITY, PAGE_SIZE } from '@/lib/vehicle-api/contract';
import { countryCodeSchema } from './country-codes';
import { upstreamId } from './route-params';
import { vinSchema } from './vin';

export const ELIGIBILITY_BATCH_SIZE = ELIGIBILITY.maxVins;

export const eligibilityVinSchema = z.object({
  vin: vinSchema,
  countryCode: countryCodeSchema,
  make: z.string().trim().min(1).max(50, 'A make has at most 50 characters.').optional(),
});

/** One eligibility check: 1 to 500 distinct VINs. The browser sends a larger list as several of these. */
export const eligibilityCheckBodySchema = z.object({
  vins: z
    .array(eligibilityVinSchema)
    .min(ELIGIBILITY.minVins, 'Send at least one VIN.')
    .max(ELIGIBILITY.maxVins, `Send at most ${ELIGIBILITY.maxVins} VINs in one check.`)
    .superRefine((rows, ctx) => {
      const seen = new Map<string, number>();
      rows.forEach((row, index) => {
        const first = seen.get(row.vin);
        if (first !== undefined) ctx.addIssue({ code: 'custom', path: [index, 'vin'], message: `${row.vin} is listed twice (rows ${first + 1} and ${index + 1}).` });
        else seen.set(row.vin, index);
      });
    }),
  label: z.string().trim().max(120, 'The label has at most 120 characters.').optional(),
});
export type EligibilityCheckBody = z.infer<typeof eligibilityCheckBodySchema>;

/** The results pages of the upstream: `maxPageSize` (1 to 100) and `currentPage` (from 0). */
export const resultsPageQuerySchema = z.object({
  maxPageSize: z.coerce.number().int().min(1).max(PAGE_SIZE.max).default(PAGE_SIZE.default),
  currentPage: z.coerce.number().int().min(0).max(100_000).default(0),
});

export const eligibilityCheckParamsSchema = z.object({ org: z.string(), checkId: z.uuid({ message: 'Not a valid check id' }) });
export const bulkConnectionParamsSchema = z.object({ org: z.string(), connectionId: upstreamId });
