import * as z from '@/lib/validations/zod';
import { isDayKey } from '@/lib/format/wall-clock';
import { listQuerySchema } from '@/lib/vehicles/schemas';
import { upstreamId } from '@/lib/validations/route-params';
import { tireRangeProblem } from './tire-range';

export { TIRE_RANGE_MESSAGE } from './tire-range';

/**
 * Inputs of the vehicle data views, shared by the browser (checked before anything is sent)
 * and the BFF routes (checked again, whatever the browser did).
 */

const instant = (what: string) => z.isoDateTime({ offset: true, message: `The ${what} must be an ISO 8601 date and time` });
/** Zod runs an object's refinements even when a field failed; the range checks only make sense on valid ends. */
const validInstant = (value: string | undefined) => value === undefined || instant('').safeParse(value).success;

/**
 * The tire-pressure history range. Both ends optional: without `from` the upstream's default (the
 * last three months) applies, without `to` the range ends now.
 */
export const tireHistoryQuerySchema = z.object({ from: z.optional(instant('start')), to: z.optional(instant('end')) }).check(
  z.superRefine(({ from, to }, ctx) => {
    if (!validInstant(from) || !validInstant(to)) return;
    const problem = tireRangeProblem(from, to);
    if (problem) ctx.addIssue({ code: 'custom', path: ['from'], message: problem });
  }),
);
export type TireHistoryQuery = z.infer<typeof tireHistoryQuerySchema>;

/** A day picked in a date input: `YYYY-MM-DD`, a real calendar day. */
export const dayKeySchema = (what: string) =>
  z
    .string({ message: `Enter the ${what} date` })
    .check(
      z.minLength(1, { message: `Enter the ${what} date`, abort: true }),
      z.refine(isDayKey, { message: `The ${what} date must be a real date (YYYY-MM-DD)` }),
    );

/** The date range of a view, as the person picks it: two days, the first not after the second. */
export const dayRangeSchema = z.object({ from: dayKeySchema('start'), to: dayKeySchema('end') }).check(
  z.refine(({ from, to }) => !isDayKey(from) || !isDayKey(to) || from <= to, {
    path: ['to'],
    message: 'The end date must not be before the start date',
  }),
);
export type DayRange = z.infer<typeof dayRangeSchema>;

const pagedQuery = z.omit(listQuerySchema, { filter: true });

/** Start and end instants, both optional, the end not before the start. */
const instantRange = () => z.object({ from: z.optional(instant('start')), to: z.optional(instant('end')) });
const endNotBeforeStart = z.refine<{ from?: string; to?: string }>(
  ({ from, to }: { from?: string; to?: string }) =>
    !from || !to || !validInstant(from) || !validInstant(to) || Date.parse(from) <= Date.parse(to),
  { path: ['to'], message: 'The end must not be before the start' },
);

/** One page of journeys, optionally within [from, to] (instants, sent as the contract's filter). */
export const journeysQuerySchema = z.extend(pagedQuery, instantRange().shape).check(endNotBeforeStart);
export type JourneysQuery = z.infer<typeof journeysQuerySchema>;

/** One page of charging sessions, optionally those that started within [from, to]. */
export const chargingQuerySchema = z.extend(pagedQuery, instantRange().shape).check(endNotBeforeStart);
export type ChargingQuery = z.infer<typeof chargingQuerySchema>;
/** The charging sessions' CSV export: every session that started within [from, to]. */
export const chargingExportQuerySchema = instantRange().check(endNotBeforeStart);
export type ChargingExportQuery = z.infer<typeof chargingExportQuerySchema>;

export const chargingSessionParamsSchema = z.object({ org: z.string(), vehicleId: upstreamId, sessionId: upstreamId });
export const chargingLookupSchema = z.object({
  sessionId: z.pipe(z.string().check(z.trim(), z.minLength(1, 'Enter a session id')), upstreamId),
});
