import { afterAll, describe, expect, it, vi } from 'vitest';
import { createOrganization } from '@/lib/db/repos/organizations';
import { searchSnapshotVehicles, upsertRoster, type RosterEntry } from '@/lib/db/repos/vehicle-snapshots';
import { createTestDatabase } from '@/lib/db/testing.test-support';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0916');

const database = await createTestDatabase('pglite');
afterAll(() => database.close());
const db = database.db;

const entry = (vehicleId: string, vin: string | null, registrationPlate: string | null): RosterEntry => ({
  vehicleId,
  vin,
  make: 'TESLA',
  model: 'Model 3',
  registrationPlate,
  isListening: true,
  connectionStatus: 'CONNECTED',
  lastSeenAt: null,
});

const org = await createOrganization(db, { slug: 'search', name: 'Search', apiBaseUrl: null, clientId: 'c', clientSecret: 's' });
const other = await createOrganization(db, { slug: 'elsewhere', name: 'Else', apiBaseUrl: null, clientId: 'c', clientSecret: 's' });
await upsertRoster(
  db,
  org.id,
  [entry('veh_1', '5YJ3E1EA7KF000001', 'AB-123-CD'), entry('veh_2', '5YJ3E1EA7KF000002', 'XY 987'), entry('veh_3', null, null)],
  new Date(),
);
await upsertRoster(db, other.id, [entry('veh_9', '5YJ3E1EA7KF000009', 'AB-123-CD')], new Date());

const ids = async (text: string, limit = 8) => (await searchSnapshotVehicles(db, org.id, text, limit)).map((v) => v.vehicleId);

describe('searchSnapshotVehicles (⌘K)', () => {
  it('finds a vehicle by plate whatever its spaces, dashes or case, only in its own organization', async () => {
    expect(await ids('ab123')).toEqual(['veh_1']);
    expect(await ids('AB-123-CD')).toEqual(['veh_1']);
    expect(await ids('xy-987')).toEqual(['veh_2']);
  });

  it('finds by VIN or id fragment, exact matches first, and stays within the limit', async () => {
    expect(await ids('KF00000')).toEqual(['veh_1', 'veh_2']);
    expect(await ids('veh_3')).toEqual(['veh_3']);
    expect(await ids('veh', 2)).toHaveLength(2);
    expect(await ids('5yj3e1ea7kf000002')).toEqual(['veh_2']);
  });

  it('treats LIKE wildcards as text', async () => {
    expect(await ids('%')).toEqual([]);
    expect(await ids('veh%')).toEqual([]);
  });
});
