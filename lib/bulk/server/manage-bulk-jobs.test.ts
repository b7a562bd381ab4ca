import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { OrgAccess } from '@/lib/org/org-access';
import { createOrganization } from '@/lib/db/repos/organizations';
import { createUser } from '@/lib/db/repos/users';
import { bulkJobs } from '@/lib/db/schema';
import { createTestDatabase } from '@/lib/db/testing.test-support';
import { createSandbox } from '@/lib/sandbox';
import { bulkJobInputSchema, type BulkJobInput } from '@/lib/bulk/schemas';
import { createVehicleApi, type VehicleApi } from '@/lib/vehicle-api';
import { TYPE_BACK_ABOVE } from '../bulk-job-view';

const state = vi.hoisted(() => ({ db: undefined as unknown, api: undefined as unknown }));
vi.mock('@/lib/db', async (importOriginal) => ({ ...(await importOriginal<object>()), getDb: () => state.db }));
vi.mock('@/lib/org/org-vehicle-api', () => ({ orgVehicleApi: async () => state.api }));

const { startBulkJob } = await import('./manage-bulk-jobs');

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
