import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@/lib/db';
import { createOrganization } from '@/lib/db/repos/organizations';
import { recordStateOfHealth, upsertRoster } from '@/lib/db/repos/vehicle-snapshots';
import { openTestPglite } from '@/lib/db/testing.test-support';
import { withBatteryHealth } from './with-battery-health';

describe('withBatteryHealth', () => {
  let handle: DbHandle | undefined;
  beforeAll(async () => {
    handle = await openTestPglite({ migrated: true });
  }, 120_000);
  afterAll(() => handle?.close());

  let orgs = 0;
  async function fleetWithOneVehicle() {
    const slug = `health-${++orgs}`;
    const org = await createOrganization(handle!.db, { slug, name: 'Org', apiBaseUrl: null, clientId: 'c', clientSecret: 's' });
    const entry = { vehicleId: 'veh_1', vin: null, make: null, model: null, registrationPlate: null };
    await upsertRoster(handle!.db, org.id, [{ ...entry, isListening: true, connectionStatus: 'CONNECTED', lastSeenAt: null }], new Date());
    const read = (percent: number) =>
      recordStateOfHealth(handle!.db, org.id, 'veh_1', { status: 'READ', percent, at: new Date() }, new Date());
    return { db: handle!.db, organizationId: org.id, read };
  }
  const percentOf = async (h: Pick<DbHandle, 'db' | 'snapshotGeneration'>, organizationId: string) =>
    (await withBatteryHealth(h, organizationId, [{ id: 'veh_1' }, { id: 'veh_unknown' }])).map((v) => v.batteryHealth?.percent ?? null);

  it('answers a page from memory until the snapshot is written, then reads it again', async () => {
    const { db, organizationId, read } = await fleetWithOneVehicle();
    await read(91.4);
    expect(await percentOf(handle!, organizationId)).toEqual([91.4, null]);

    // A write the generation does not see is not seen: the answer came from memory.
    const generation = handle!.snapshotGeneration!();
    await read(80.2);
    expect(await percentOf({ db, snapshotGeneration: () => generation }, organizationId)).toEqual([91.4, null]);
    // The real generation moved with the write: the next request reads the new figure.
    expect(handle!.snapshotGeneration!()).toBeGreaterThan(generation);
    expect(await percentOf(handle!, organizationId)).toEqual([80.2, null]);
  });

  it('asks the database every time without a generation (PostgreSQL: other instances write)', async () => {
    const { db, organizationId, read } = await fleetWithOneVehicle();
    await read(91.4);
    expect(await percentOf({ db }, organizationId)).toEqual([91.4, null]);
    await read(77);
    expect(await percentOf({ db }, organizationId)).toEqual([77, null]);
  });
});
