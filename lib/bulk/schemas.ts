import * as z from '@/lib/validations/zod';
import { TAG_LIMIT } from '@/lib/contract/vehicle-api';
import { filterText } from '@/lib/vehicles/schemas';
import { upstreamId } from '@/lib/validations/route-params';
import { sendCommandSchema } from '@/lib/commands/schemas';
import { BULK_ACTION_NAMES, BULK_STATUSES } from './bulk-job-view';

/** Vehicles a "this page" selection may name; a larger set is chosen by its filter. */
export const BULK_PAGE_LIMIT = 1_000;
/** Vehicles one job may cover (a filter matching more is refused: narrow it). */
export const BULK_JOB_LIMIT = 10_000;

const tagText = z.string().check(z.trim(), z.minLength(1, 'Enter a tag key and value'), z.maxLength(TAG_LIMIT));

export const bulkSelectionSchema = z.discriminatedUnion('mode', [
  z
    .object({
      mode: z.literal('ids'),
      vehicleIds: z.array(upstreamId).check(z.minLength(1, 'Select at least one vehicle'), z.maxLength(BULK_JOB_LIMIT)),
      /**
       * The job whose failed rows these vehicles are ("Retry the failed rows"): kept on the new job
       * to link back. Such a selection may name up to a job's whole size, the server checking each
       * vehicle is a failed row of that job; any other list of ids, a page's 1,000 at most.
       */
      retryOf: z.optional(z.uuid({ message: 'retryOf: not a valid job id' })),
    })
    .check(
      z.refine((s) => s.retryOf !== undefined || s.vehicleIds.length <= BULK_PAGE_LIMIT, {
        message: `Select at most ${BULK_PAGE_LIMIT} vehicles by id: choose more by a filter`,
        path: ['vehicleIds'],
      }),
    ),
  z.object({
    mode: z.literal('filter'),
    filter: z.optional(filterText),
    tagKey: z.optional(z.string().check(z.maxLength(TAG_LIMIT))),
    tagValue: z.optional(z.string().check(z.maxLength(TAG_LIMIT))),
  }),
]);
export type BulkSelection = z.infer<typeof bulkSelectionSchema>;

const tagArgs = z.object({ key: tagText, value: tagText });

export const bulkJobInputSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('tag.add'), tag: tagArgs, selection: bulkSelectionSchema }),
  z.object({ action: z.literal('tag.remove'), tag: tagArgs, selection: bulkSelectionSchema }),
  z.object({ action: z.literal('listening.on'), selection: bulkSelectionSchema }),
  z.object({ action: z.literal('listening.off'), selection: bulkSelectionSchema }),
  z.object({
    action: z.literal('command'),
    command: sendCommandSchema,
    selection: bulkSelectionSchema,
    /** The count typed back in the confirmation: required above TYPE_BACK_ABOVE vehicles, and it must still be the count. */
    confirmedCount: z.optional(z.int().check(z.minimum(0))),
  }),
]);
export type BulkJobInput = z.infer<typeof bulkJobInputSchema>;

export const bulkJobParamsSchema = z.object({ org: z.string(), jobId: z.uuid({ message: 'Not a valid job id' }) });
export const bulkJobControlSchema = z.object({ op: z.enum(['pause', 'resume', 'cancel']) });

/** Filters and page of the list of bulk jobs. */
export const bulkJobListQuerySchema = z.object({
  status: z.optional(z.enum(BULK_STATUSES, { message: 'status: choose running, paused, cancelled or done' })),
  action: z.optional(z.enum(BULK_ACTION_NAMES, { message: 'action: not a bulk action' })),
  user: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  before: z.optional(z.string().check(z.maxLength(200))),
  limit: z._default(z.optional(z.coerceNumber().check(z.int(), z.gte(1), z.lte(100))), 25),
});
export type BulkJobListQuery = z.infer<typeof bulkJobListQuerySchema>;
