import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { OrgAccess } from '@/lib/org/org-access';
import { createOrganization } from '@/lib/db/repos/organizations';
import { createUser } from '@/lib/db/repos/users';
import { bulkJobItems, bulkJobs } from '@/lib/db/schema';
import { createBulkJob, settleBulkItem } from '@/lib/db/repos/bulk-jobs';
import { retryFailedInput, UNKNOWN_OUTCOME } from '../retry';
import { createTestDatabase } from '@/lib/db/testing.test-support';
import { createSandbox } from '@/lib/sandbox';
import { bulkJobInputSchema, type BulkJobInput } from '@/lib/bulk/schemas';
import { createVehicleApi, type VehicleApi } from '@/lib/vehicle-api';
import { TYPE_BACK_ABOVE } from '../bulk-job-view';

const state = vi.hoisted(() => ({ db: undefined as unknown, api: undefined as unknown }));
vi.mock('@/lib/db', async (importOriginal) => ({ ...(await importOriginal<object>()), getDb: () => state.db }));
vi.mock('@/lib/org/org-vehicle-api', () => ({ orgVehicleApi: async () => state.api }));

const { getBulkJobView, listBulkJobViews, startBulkJob } = await import('./manage-bulk-jobs');

const database = await createTestDatabase('pglite');
state.db = database.db;
afterAll(() => database.close());

const sandbox = createSandbox({ seed: 16, vehiclesPerOrg: 70 });
const sandboxOrg = sandbox.organizations[0];
const api: VehicleApi = createVehicleApi({
  baseUrl: 'http://sandbox.local',
  clientId: sandboxOrg.clientId,
  clientSecret: sandboxOrg.clientSecret,
  fetch: (input, init) => sandbox.fetch(input, init),
  retry: { baseDelayMs: 1 },
});
state.api = api;

const org = await createOrganization(database.db, {
  slug: 'typeback',
  name: 'Type back',
  apiBaseUrl: null,
  clientId: 'c',
  clientSecret: 's',
});
const user = await createUser(database.db, { email: 'manager@example.com' });
const manager: OrgAccess = { user: { id: user.id, email: user.email }, org, role: 'manager' };

/** Every vehicle the sandbox lists: what a filter selection with no filter resolves to. */
const listed = (await api.listVehicles({ maxPageSize: 100 })).data.results.map((v) => v.id);

const lock = (selection: BulkJobInput['selection'], confirmedCount?: number): BulkJobInput =>
  bulkJobInputSchema.parse({ action: 'command', command: { command: 'LOCK_DOORS' }, selection, confirmedCount });
const ids = (n: number) => ({ mode: 'ids' as const, vehicleIds: listed.slice(0, n) });
const everyVehicle = { mode: 'filter' as const };

const jobCount = async () => (await database.db.select().from(bulkJobs).where(eq(bulkJobs.organizationId, org.id))).length;

describe('a bulk command above 50 vehicles needs its count typed back', () => {
  it('the sandbox lists more vehicles than the threshold, so the filter case is above it', () => {
    expect(TYPE_BACK_ABOVE).toBe(50);
    expect(listed.length).toBeGreaterThan(TYPE_BACK_ABOVE + 1);
  });

  it('answers 409 without the count, and records no job', async () => {
    const before = await jobCount();
    await expect(startBulkJob(manager, lock(everyVehicle))).rejects.toMatchObject({
      code: 'CONFLICT',
      status: 409,
      message: `A command to ${listed.length} vehicles needs the count typed back in the confirmation.`,
    });
    await expect(startBulkJob(manager, lock(ids(TYPE_BACK_ABOVE + 1)))).rejects.toMatchObject({ status: 409 });
    expect(await jobCount()).toBe(before);
  });

  it('answers 409 when the typed count is no longer what the selection covers', async () => {
    const before = await jobCount();
    await expect(startBulkJob(manager, lock(everyVehicle, listed.length - 1))).rejects.toMatchObject({
      code: 'CONFLICT',
      status: 409,
      message: `The selection now covers ${listed.length} vehicles, not the ${listed.length - 1} confirmed: review it again.`,
    });
    await expect(startBulkJob(manager, lock(ids(TYPE_BACK_ABOVE + 1), TYPE_BACK_ABOVE))).rejects.toMatchObject({ status: 409 });
    expect(await jobCount()).toBe(before);
  });

  it('records the job when the typed count is the count', async () => {
    const { job } = await startBulkJob(manager, lock(everyVehicle, listed.length));
    expect(job).toMatchObject({ action: 'command', total: listed.length, status: 'running' });
  });

  it('needs no count at 50 vehicles or fewer, nor for tags and listening at any count', async () => {
    expect((await startBulkJob(manager, lock(ids(TYPE_BACK_ABOVE)))).job.total).toBe(TYPE_BACK_ABOVE);
    const tag = bulkJobInputSchema.parse({ action: 'tag.add', tag: { key: 'depot', value: 'north' }, selection: everyVehicle });
    expect((await startBulkJob(manager, tag)).job.total).toBe(listed.length);
    const listening = bulkJobInputSchema.parse({ action: 'listening.off', selection: everyVehicle });
    expect((await startBulkJob(manager, listening)).job.total).toBe(listed.length);
  });
});

describe('the list of bulk jobs and retrying the failed rows', () => {
  it('lists jobs newest first with their outcome counts; a retry is a new job over exactly the failed vehicles', async () => {
    const { job } = await startBulkJob(manager, lock(ids(5)));
    await settleBulkItem(database.db, job.id, listed[0]!, 'done');
    await settleBulkItem(database.db, job.id, listed[1]!, 'failed', { reason: 'OEM_VEHICLE_OFFLINE' });
    await settleBulkItem(database.db, job.id, listed[3]!, 'failed', { reason: 'OEM_VEHICLE_OFFLINE' });
    await settleBulkItem(database.db, job.id, listed[4]!, 'failed', { reason: `NETWORK_ERROR: ${UNKNOWN_OUTCOME}` });
    await database.db.update(bulkJobs).set({ status: 'done' }).where(eq(bulkJobs.id, job.id));

    // The row whose outcome is unknown is counted apart, not as failed: in the list and on the job's page.
    const { jobs } = await listBulkJobViews(manager, { limit: 25 });
    const listedJob = jobs.find((j) => j.id === job.id)!;
    expect(listedJob).toMatchObject({ action: 'command', status: 'done', total: 5, createdBy: 'manager@example.com' });
    expect(listedJob.counts).toEqual({ done: 1, failed: 2, unknown: 1, skipped: 0, pending: 1 });
    expect((await getBulkJobView(manager, job.id)).job.counts).toEqual(listedJob.counts);

    const items = [0, 1, 2, 3, 4].map(
      (i) =>
        ({
          vehicleId: listed[i]!,
          outcome: i === 0 ? 'done' : i === 2 ? 'pending' : 'failed',
          reason: i === 4 ? `NETWORK_ERROR: ${UNKNOWN_OUTCOME}` : null,
        }) as const,
    );
    const { job: retry } = await startBulkJob(manager, retryFailedInput(listedJob, items)!);
    expect(retry.id).not.toBe(job.id);
    expect(retry).toMatchObject({
      action: 'command',
      args: { command: 'LOCK_DOORS' },
      total: 2,
      selection: { mode: 'ids', retryOf: job.id },
    });
    const [newest] = (await listBulkJobViews(manager, { limit: 1 })).jobs;
    expect(newest?.id).toBe(retry.id);
    expect((await listBulkJobViews(manager, { limit: 25, status: 'running' })).jobs.map((j) => j.id)).toContain(retry.id);
    expect((await listBulkJobViews(manager, { limit: 25, user: 'someone@else.test' })).jobs).toEqual([]);
  });

  it('retries more than 1,000 failed rows as one job, leaving out the rows whose outcome is unknown', async () => {
    // A finished job over 1,500 vehicles: 1,200 failed, 100 of them with an unknown outcome.
    const vehicleIds = Array.from({ length: 1_500 }, (_, i) => `veh-retry-${String(i).padStart(4, '0')}`);
    const job = await createBulkJob(database.db, {
      organizationId: org.id,
      createdBy: user.id,
      createdByEmail: user.email,
      action: 'command',
      args: { command: 'UNLOCK_DOORS' },
      selection: { mode: 'filter' },
      vehicleIds,
    });
    const failedIds = vehicleIds.slice(0, 1_100);
    const unknownIds = vehicleIds.slice(1_100, 1_200);
    await database.db
      .update(bulkJobItems)
      .set({ outcome: 'failed', reason: 'OEM_VEHICLE_OFFLINE: The vehicle is offline' })
      .where(and(eq(bulkJobItems.jobId, job.id), inArray(bulkJobItems.vehicleId, failedIds)));
    await database.db
      .update(bulkJobItems)
      .set({ outcome: 'failed', reason: `NETWORK_ERROR: ${UNKNOWN_OUTCOME}` })
      .where(and(eq(bulkJobItems.jobId, job.id), inArray(bulkJobItems.vehicleId, unknownIds)));
    await database.db
      .update(bulkJobItems)
      .set({ outcome: 'done' })
      .where(and(eq(bulkJobItems.jobId, job.id), eq(bulkJobItems.outcome, 'pending')));
    await database.db.update(bulkJobs).set({ status: 'done' }).where(eq(bulkJobs.id, job.id));

    const view = await getBulkJobView(manager, job.id);
    expect(view.job.counts).toEqual({ done: 300, failed: 1_100, unknown: 100, skipped: 0, pending: 0 });
    expect((await listBulkJobViews(manager, { limit: 25 })).jobs.find((j) => j.id === job.id)?.counts).toEqual(view.job.counts);
    const input = retryFailedInput(view.job, view.items)!;
    expect(input.selection).toMatchObject({ mode: 'ids', retryOf: job.id });
    expect(input.selection.mode === 'ids' && input.selection.vehicleIds).toEqual(failedIds);
    const parsed = bulkJobInputSchema.parse({ ...input, confirmedCount: failedIds.length });
    const { job: retry } = await startBulkJob(manager, parsed);
    expect(retry).toMatchObject({ total: 1_100, selection: { mode: 'ids', retryOf: job.id }, args: { command: 'UNLOCK_DOORS' } });
    const retried = await getBulkJobView(manager, retry.id);
    expect(retried.items.map((i) => i.vehicleId)).toEqual(failedIds);

    // The long list is taken only as failed rows of that job: an unknown one, or any other vehicle, is refused.
    for (const extra of [unknownIds[0]!, vehicleIds[1_400]!, 'veh-not-in-the-job']) {
      const sneaked = bulkJobInputSchema.parse({
        ...input,
        selection: { ...input.selection, vehicleIds: [...failedIds, extra] },
        confirmedCount: failedIds.length + 1,
      });
      await expect(startBulkJob(manager, sneaked)).rejects.toMatchObject({
        status: 422,
        body: { fields: [expect.objectContaining({ path: 'selection.vehicleIds' })] },
      });
    }
  });

  it('pages with a cursor and refuses one it did not make', async () => {
    const first = await listBulkJobViews(manager, { limit: 1 });
    expect(first.nextCursor).not.toBeNull();
    const second = await listBulkJobViews(manager, { limit: 1, before: first.nextCursor! });
    expect(second.jobs[0]?.id).not.toBe(first.jobs[0]?.id);
    await expect(listBulkJobViews(manager, { limit: 1, before: 'nonsense' })).rejects.toMatchObject({ code: 'INVALID_CURSOR' });
  });
});
