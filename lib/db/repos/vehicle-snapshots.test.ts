import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@/lib/db/testing.test-support';
import { createOrganization } from './organizations';
import { useTestDatabase } from '@/lib/db/test-legs.test-support';
import {
  connectionOfVehicles,
  getSnapshot,
  notAfterArrival,
  recordConnection,
  recordPushedReading,
  recordReading,
  upsertRoster,
} from './vehicle-snapshots';

/** A listening vehicle as the list walk records it, with nothing else known. */
const listedVehicle = (vehicleId: string) => ({
  vehicleId,
  vin: null,
  make: null,
  model: null,
  registrationPlate: null,
  isListening: true,
  connectionStatus: null,
  lastSeenAt: null,
});

describe('connectionOfVehicles (onboarding reads connection events through it)', () => {
  let t: TestDatabase | undefined;
  beforeAll(async () => {
    t = await createTestDatabase('pglite');
  }, 120_000);
  afterAll(() => t?.close());

  const listedAt = new Date('2026-11-01T10:00:00Z');
  const at = (time: string) => new Date(`2026-11-01T${time}Z`);

  it('is disconnected only when every vehicle known is, as of the latest; connected as soon as one is; with the newest push', async () => {
    const db = t!.db;
    const org = await createOrganization(db, { slug: 'conn', name: 'Org', apiBaseUrl: null, clientId: 'c', clientSecret: 's' });
    const roster = ['veh_a', 'veh_b'].map(listedVehicle);
    await upsertRoster(db, org.id, roster, listedAt);
    const ids = ['veh_a', 'veh_b', 'veh_not_in_snapshot'];
    expect(await connectionOfVehicles(db, org.id, ids)).toEqual({ connection: null, pushedAt: null });

    await recordConnection(db, org.id, 'veh_a', 'DISCONNECTED', at('11:00:00'));
    await recordConnection(db, org.id, 'veh_b', 'DISCONNECTED', at('12:00:00'));
    expect((await connectionOfVehicles(db, org.id, ids)).connection).toEqual({ status: 'DISCONNECTED', at: at('12:00:00') });

    // An older event never moves it back; a newer connection does.
    await recordConnection(db, org.id, 'veh_a', 'CONNECTED', at('10:30:00'));
    expect((await connectionOfVehicles(db, org.id, ids)).connection?.status).toBe('DISCONNECTED');
    await recordConnection(db, org.id, 'veh_a', 'CONNECTED', at('13:00:00'));
    expect((await connectionOfVehicles(db, org.id, ids)).connection).toEqual({ status: 'CONNECTED', at: at('13:00:00') });

    await recordPushedReading(db, org.id, 'veh_b', { stateOfCharge: { value: 50, at: at('13:05:00') } }, at('13:06:00'));
    expect((await connectionOfVehicles(db, org.id, ids)).pushedAt).toEqual(at('13:06:00'));
    expect(await connectionOfVehicles(db, org.id, [])).toEqual({ connection: null, pushedAt: null });
  });
});

describe('a vendor time far ahead of its arrival', () => {
  const t = useTestDatabase('pglite');
  const at = (time: string) => new Date(`2026-11-01T${time}Z`);

  it('is taken as the arrival, so a reading stamped years ahead cannot pin its figure', async () => {
    const db = t.db;
    const org = await createOrganization(db, { slug: 'future', name: 'Org', apiBaseUrl: null, clientId: 'c', clientSecret: 's' });
    await upsertRoster(db, org.id, [listedVehicle('veh_f')], at('09:00:00'));
    const year2099 = new Date('2099-01-01T00:00:00Z');

    await recordReading(db, org.id, 'veh_f', { stateOfCharge: { value: 80, at: year2099 }, lastSeenAt: year2099 }, at('10:00:00'));
    expect(await getSnapshot(db, org.id, 'veh_f')).toMatchObject({
      stateOfCharge: 80,
      stateOfChargeAt: at('10:00:00'),
      lastSeenAt: at('10:00:00'),
    });

    // The next honest figures replace it, read or pushed.
    await recordReading(db, org.id, 'veh_f', { stateOfCharge: { value: 75, at: at('10:30:00') } }, at('10:31:00'));
    expect(await getSnapshot(db, org.id, 'veh_f')).toMatchObject({ stateOfCharge: 75, stateOfChargeAt: at('10:30:00') });
    await recordPushedReading(db, org.id, 'veh_f', { stateOfCharge: { value: 10, at: year2099 } }, at('11:00:00'));
    await recordPushedReading(db, org.id, 'veh_f', { stateOfCharge: { value: 70, at: at('11:10:00') } }, at('11:10:05'));
    expect(await getSnapshot(db, org.id, 'veh_f')).toMatchObject({ stateOfCharge: 70, stateOfChargeAt: at('11:10:00') });

    // A clock a few minutes fast is left as it is.
    expect(notAfterArrival(at('11:14:00'), at('11:10:05'))).toEqual(at('11:14:00'));
  });
});
