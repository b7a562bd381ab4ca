import * as z from '@/lib/validations/zod';
import { isDayKey } from '@/lib/format/wall-clock';
import { upstreamId } from '@/lib/validations/route-params';

/** The vehicle a history backfill is for. */
export const backfillParamsSchema = z.object({ org: z.string(), vehicleId: upstreamId });

/** The first day (UTC) a backfill gathers from: a real calendar day; the verb checks it is within the retention. */
const fromDay = z
  .string({ message: 'Enter the start date' })
  .check(
    z.minLength(1, { message: 'Enter the start date', abort: true }),
    z.refine(isDayKey, { message: 'The start date must be a real date (YYYY-MM-DD)' }),
  );

/** A backfill's estimate for a start (absent: the earliest the retention allows). */
export const backfillQuerySchema = z.object({ from: z.optional(fromDay) });
export type BackfillQuery = z.infer<typeof backfillQuerySchema>;

/** Asks for the vehicle's history back to `from`. */
export const backfillRequestSchema = z.object({ from: fromDay });
export type BackfillRequest = z.infer<typeof backfillRequestSchema>;
