import 'server-only';
import { publishChange } from '@/lib/live/server/publish-change';
import { accessCan } from '@/lib/org/credential-actor';
import { permissionRefusal } from '@/lib/org/permission-refusal';
import type { OrgAccess } from '@/lib/org/org-access';
import { orgVehicleApi } from '@/lib/org/org-vehicle-api';
import { PAGE_SIZE } from '@/lib/contract/vehicle-api';
import { csvResponse } from '@/lib/csv';
import { getDb } from '@/lib/db';
import { countBulkItems, createBulkJob, getBulkJob, listBulkItems, listBulkJobs, setBulkJobStatus } from '@/lib/db/repos/bulk-jobs';
import { getCommandExecutionsByIds } from '@/lib/db/repos/command-executions';
import type { BulkJob } from '@/lib/db/schema';
import { stateOf } from '@/lib/commands/execution-view';
import { AppError, validationFailed } from '@/lib/errors/app-error';
import { BULK_JOB_LIMIT, type BulkJobInput, type BulkJobListQuery, type BulkSelection } from '@/lib/bulk/schemas';
import type { VehicleApi } from '@/lib/vehicle-api';
import { bulkActionPermission, TYPE_BACK_ABOVE, type BulkJobView } from '../bulk-job-view';
import { failedVehicleIds, UNKNOWN_OUTCOME } from '../retry';

/** The vehicles a selection names: its ids, or every vehicle its filter matches (paged through the upstream). */
export async function resolveSelection(api: VehicleApi, selection: BulkSelection): Promise<{ vehicleIds: string[]; requestId?: string }> {
  if (selection.mode === 'ids') return { vehicleIds: [...new Set(selection.vehicleIds)] };
  const ids: string[] = [];
  let pageToken: string | undefined;
  let requestId: string | undefined;
  do {
    const response = await api.listVehicles({
      maxPageSize: PAGE_SIZE.max,
      pageToken,
      filter: selection.filter,
      tagKey: selection.tagKey || undefined,
      tagValue: selection.tagValue || undefined,
    });
    requestId ??= response.requestId;
    for (const vehicle of response.data.results) ids.push(vehicle.id);
    if (ids.length > BULK_JOB_LIMIT) {
      throw new AppError('BULK_TOO_LARGE', `The filter matches more than ${BULK_JOB_LIMIT} vehicles: narrow it.`);
    }
    pageToken = response.data.nextPageToken ?? undefined;
  } while (pageToken);
  return { vehicleIds: [...new Set(ids)], requestId };
}

function toView(job: BulkJob, counts: BulkJobView['counts']): BulkJobView {
  return {
    id: job.id,
    action: job.action,
    args: job.args,
    selection: job.selection,
    status: job.status,
    total: job.total,
    counts,
    createdBy: job.createdByEmail,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
  };
}

/** How many vehicles a selection covers, for the confirmation: nothing is recorded. */
export async function previewBulkJob(access: OrgAccess, input: BulkJobInput) {
  if (!accessCan(access, bulkActionPermission(input.action))) throw permissionRefusal(access, bulkActionPermission(input.action));
  const { vehicleIds, requestId } = await resolveSelection(await orgVehicleApi(access.org), input.selection);
  return { preview: { count: vehicleIds.length }, requestId };
}

/**
 * A retry names only failed rows of the job it retries (never one whose outcome is unknown): so its
 * list may be as long as a job, past the 1,000 ids of a hand-made selection, without becoming a way
 * to send to any vehicles one lists.
 */
async function assertFailedRowsOf(access: OrgAccess, retryOf: string, vehicleIds: readonly string[]): Promise<void> {
  if (!(await getBulkJob(getDb(), access.org.id, retryOf))) {
    throw validationFailed([{ path: 'selection.retryOf', message: 'No such bulk job in this organization' }], { status: 422 });
  }
  const { items } = await getBulkJobView(access, retryOf);
  const failed = new Set(failedVehicleIds(items));
  const others = vehicleIds.filter((id) => !failed.has(id));
  if (others.length > 0) {
    const message = `${others.length} of these vehicles are not failed rows of the job retried (${others.slice(0, 3).join(', ')}${others.length > 3 ? ', …' : ''}): a row whose outcome is unknown is not retried`;
    throw validationFailed([{ path: 'selection.vehicleIds', message }], { status: 422 });
  }
}

/** Records a bulk job with every vehicle it covers; the background job `bulk.run` does the work. */
export async function startBulkJob(access: OrgAccess, input: BulkJobInput) {
  if (!accessCan(access, bulkActionPermission(input.action))) throw permissionRefusal(access, bulkActionPermission(input.action));
  const { vehicleIds, requestId } = await resolveSelection(await orgVehicleApi(access.org), input.selection);
  if (input.selection.mode === 'ids' && input.selection.retryOf) await assertFailedRowsOf(access, input.selection.retryOf, vehicleIds);
  if (vehicleIds.length === 0)
    throw validationFailed([{ path: 'selection', message: 'No vehicle matches this selection' }], {
      status: 422,
      message: 'No vehicle matches this selection.',
    });
  // A command to many vehicles goes only to the count the person typed back (a filter may match more by now).
  if (input.action === 'command' && vehicleIds.length > TYPE_BACK_ABOVE && input.confirmedCount !== vehicleIds.length) {
    throw new AppError(
      'CONFLICT',
      input.confirmedCount === undefined
        ? `A command to ${vehicleIds.length} vehicles needs the count typed back in the confirmation.`
        : `The selection now covers ${vehicleIds.length} vehicles, not the ${input.confirmedCount} confirmed: review it again.`,
    );
  }
  const job = await createBulkJob(getDb(), {
    organizationId: access.org.id,
    createdBy: access.user.id,
    createdByEmail: access.user.email,
    action: input.action,
    args: 'tag' in input ? input.tag : 'command' in input ? input.command : null,
    selection:
      input.selection.mode === 'ids'
        ? { mode: 'ids', count: vehicleIds.length, ...(input.selection.retryOf ? { retryOf: input.selection.retryOf } : {}) }
        : input.selection,
    vehicleIds,
  });
  return { job: toView(job, { pending: job.total, done: 0, skipped: 0, failed: 0, unknown: 0 }), requestId };
}

const encodeCursor = (job: BulkJobView) => Buffer.from(`${job.createdAt}|${job.id}`).toString('base64url');
function decodeCursor(cursor: string | undefined): { createdAt: Date; id: string } | undefined {
  if (!cursor) return undefined;
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (!id || Number.isNaN(createdAt.getTime()) || !/^[0-9a-f-]{36}$/.test(id))
    throw new AppError('INVALID_CURSOR', 'before: not a page of this list.');
  return { createdAt, id };
}

/** The organization's bulk jobs, newest first, with their outcome counts; older pages by `before`. */
export async function listBulkJobViews(access: OrgAccess, query: BulkJobListQuery) {
  const rows = await listBulkJobs(
    getDb(),
    access.org.id,
    {
      status: query.status,
      action: query.action,
      createdByEmail: query.user || undefined,
      before: decodeCursor(query.before),
      limit: query.limit + 1,
    },
    UNKNOWN_OUTCOME,
  );
  const jobs = rows.slice(0, query.limit).map(({ job, counts }) => toView(job, counts));
  const last = jobs[jobs.length - 1];
  return { jobs, nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null };
}

async function jobOrThrow(orgId: string, jobId: string): Promise<BulkJob> {
  const job = await getBulkJob(getDb(), orgId, jobId);
  if (!job) throw new AppError('NOT_FOUND', 'No such bulk job.');
  return job;
}

/** The job, its counts and every vehicle's outcome (in the order chosen). */
export async function getBulkJobView(access: OrgAccess, jobId: string) {
  const db = getDb();
  const job = await jobOrThrow(access.org.id, jobId);
  const [counts, items] = await Promise.all([countBulkItems(db, job.id, UNKNOWN_OUTCOME), listBulkItems(db, job.id)]);
  const executionIds = items.flatMap((i) => (i.executionId ? [i.executionId] : []));
  const executions = new Map(
    (executionIds.length ? await getCommandExecutionsByIds(db, access.org.id, executionIds) : []).map((e) => [e.id, e]),
  );
  return {
    job: toView(job, counts),
    items: items.map((i) => ({
      vehicleId: i.vehicleId,
      outcome: i.outcome,
      reason: i.reason,
      requestId: i.upstreamRequestId,
      executionId: i.executionId,
      execution: (() => {
        const record = i.executionId ? executions.get(i.executionId) : undefined;
        return record ? { state: stateOf(record), requestedAt: record.requestedAt.toISOString() } : null;
      })(),
      finishedAt: i.finishedAt?.toISOString() ?? null,
    })),
  };
}

const MOVES = {
  pause: { from: ['running'], to: 'paused' },
  resume: { from: ['paused'], to: 'running' },
  cancel: { from: ['running', 'paused'], to: 'cancelled' },
} as const;

/** Pause, resume or cancel; a move the job's state does not allow is a 409. */
export async function controlBulkJob(access: OrgAccess, jobId: string, op: keyof typeof MOVES) {
  const current = await jobOrThrow(access.org.id, jobId);
  if (!accessCan(access, bulkActionPermission(current.action))) throw permissionRefusal(access, bulkActionPermission(current.action));
  const move = MOVES[op];
  const job = await setBulkJobStatus(getDb(), current.id, [...move.from], move.to);
  if (!job) throw new AppError('CONFLICT', `The job is ${current.status}: it cannot be ${op === 'cancel' ? 'cancelled' : `${op}d`}.`);
  await publishChange(job.organizationId, { kind: 'bulk', jobId: job.id });
  return { job: toView(job, await countBulkItems(getDb(), job.id, UNKNOWN_OUTCOME)) };
}

/** Every vehicle's outcome as CSV. */
export async function exportBulkJob(access: OrgAccess, jobId: string): Promise<Response> {
  const job = await jobOrThrow(access.org.id, jobId);
  const items = await listBulkItems(getDb(), job.id);
  async function* rows() {
    for (const i of items) {
      yield [i.vehicleId, i.outcome, i.reason ?? '', i.upstreamRequestId ?? '', i.executionId ?? '', i.finishedAt?.toISOString() ?? ''];
    }
  }
  const header = ['vehicle_id', 'outcome', 'reason', 'upstream_request_id', 'execution_id', 'finished_at'];
  return csvResponse(`bulk-${job.id}.csv`, header, rows());
}
