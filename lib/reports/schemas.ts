import * as z from '@/lib/validations/zod';
import { TAG_LIMIT } from '@/lib/contract/limits';
import { upstreamId } from '@/lib/validations/route-params';
import { parsePeriod } from './period';
import { SCHEDULE_FREQUENCIES } from './schedule';

/**
 * A report's inputs, as the URL and the API read them: the period (absent: the current month),
 * and the scope (every vehicle, a tag, or a saved view).
 */

const periodText = z.string().check(
  z.superRefine((value, ctx) => {
    const parsed = parsePeriod(value);
    if ('problem' in parsed) ctx.addIssue({ code: 'custom', message: parsed.problem, input: value });
  }),
);

const tagText = (what: string) =>
  z
    .string()
    .check(z.trim(), z.minLength(1, `Enter the tag ${what}`), z.maxLength(TAG_LIMIT, `A tag ${what} has at most ${TAG_LIMIT} characters`));

const reportFields = {
  period: z.optional(periodText),
  tagKey: z.optional(tagText('key')),
  tagValue: z.optional(tagText('value')),
  view: z.optional(z.uuid('Choose a saved view')),
};

type ScopeFields = { tagKey?: string; tagValue?: string; view?: string };

const scopeChecks = [
  z.refine<ScopeFields>((q) => q.tagKey === undefined || q.tagValue !== undefined, {
    path: ['tagValue'],
    message: 'Enter the tag value',
  }),
  z.refine<ScopeFields>((q) => q.tagValue === undefined || q.tagKey !== undefined, {
    path: ['tagKey'],
    message: 'Enter the tag key',
  }),
  z.refine<ScopeFields>((q) => q.view === undefined || q.tagKey === undefined, {
    path: ['view'],
    message: 'Choose a tag or a saved view, not both',
  }),
];

export const reportQuerySchema = z.object(reportFields).check(...scopeChecks);
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/** The tables a report's CSV can hold: per vehicle (with the total), per day, and the coverage per vehicle. */
export const REPORT_TABLES = ['vehicles', 'days', 'coverage'] as const;
export type ReportTable = (typeof REPORT_TABLES)[number];

export const reportExportQuerySchema = z
  .object({ ...reportFields, table: z.enum(REPORT_TABLES, 'Choose a table: vehicles, days or coverage') })
  .check(...scopeChecks);
export type ReportExportQuery = z.infer<typeof reportExportQuerySchema>;

export const logbookParamsSchema = z.object({ org: z.string(), vehicleId: upstreamId });
export const logbookQuerySchema = z.object({ period: z.optional(periodText) });
export type LogbookQuery = z.infer<typeof logbookQuerySchema>;

/**
 * A report e-mail on a schedule: how often, to whom (members of the organization, by id), and the
 * scope (absent: every vehicle). The period is the last whole week or month at each run.
 */
export const reportScheduleInputSchema = z
  .object({
    frequency: z.enum(SCHEDULE_FREQUENCIES, 'Choose how often: weekly or monthly'),
    recipientIds: z
      .array(z.uuid('Choose members of the organization'))
      .check(z.minLength(1, 'Choose at least one recipient'), z.maxLength(50, 'At most 50 recipients')),
    tagKey: reportFields.tagKey,
    tagValue: reportFields.tagValue,
    view: reportFields.view,
  })
  .check(...scopeChecks);
export type ReportScheduleInput = z.infer<typeof reportScheduleInputSchema>;

export const reportScheduleParamsSchema = z.object({ org: z.string(), scheduleId: z.uuid('Not a schedule id') });
