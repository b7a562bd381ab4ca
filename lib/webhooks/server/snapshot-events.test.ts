import { describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { sharedReads } from '@/lib/db/schema';
import { databaseLegs, useTestDatabase } from '@/lib/db/test-legs.test-support';
import { getSnapshot, listRefreshCandidates, recordReading, upsertRoster } from '@/lib/db/repos/vehicle-snapshots';
import { listWebhookEvents } from '@/lib/db/repos/webhook-events';
import { listedVehicle, organizationWithSnapshotVehicle, signedDelivery } from './webhooks.test-support';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0018');

const telemetry = (vehicleId: string, metricType: string, at: string, block: Record<string, unknown>) => ({
  type: 'device.telemetry',
  timestamp: at,
  data: { metricType, vehicle: { id: vehicleId, ...block }, timestamp: at },
});

for (const leg of await databaseLegs()) {
  describe.skipIf(!leg.available)(`device events into the fleet snapshot, on ${leg.kind}`, () => {
    const t = useTestDatabase(leg.kind);

    it('sets the metric at the event timestamp once, however often it is delivered', async () => {
      const { org, secret, vehicleId, send } = await organizationWithSnapshotVehicle(t.db);
      const event = signedDelivery(
        secret,
        telemetry(vehicleId, 'STATE_OF_CHARGE', '2026-03-01T10:00:00.000Z', { stateOfCharge: { value: 0.61 } }),
      );
      expect([await send(event), await send(event), await send(event)]).toEqual(['applied', 409, 409]);
      const row = (await getSnapshot(t.db, org.id, vehicleId))!;
      expect(row.stateOfCharge).toBe(0.61);
      expect(row.stateOfChargeAt).toEqual(new Date('2026-03-01T10:00:00.000Z'));
      expect(row.pushedAt).not.toBeNull();
      // A pushed figure is not a telemetry read: the job's own read time stays as it was.
      expect(row.fetchedAt).toBeNull();
      expect(await listWebhookEvents(t.db, org.id)).toHaveLength(1);

      const location = signedDelivery(
        secret,
        telemetry(vehicleId, 'LOCATION', '2026-03-01T10:00:05.000Z', { location: { latitude: 52.5, longitude: 13.4 } }),
      );
      expect(await send(location)).toBe('applied');
      expect(await getSnapshot(t.db, org.id, vehicleId)).toMatchObject({ latitude: 52.5, longitude: 13.4, stateOfCharge: 0.61 });
    });

    it('makes the instances stop sharing their reads of the vehicle it changed, and only of that vehicle', async () => {
      const { org, secret, vehicleId, send } = await organizationWithSnapshotVehicle(t.db);
      const read = (key: string, vehicle: string) => ({
        organizationId: org.id,
        key,
        vehicleId: vehicle,
        status: 200,
        body: { id: vehicle },
        fetchedAt: new Date(),
      });
      await t.db.insert(sharedReads).values([read('telemetry-of-changed', vehicleId), read('telemetry-of-other', 'veh_other')]);
      expect(
        await send(signedDelivery(secret, telemetry(vehicleId, 'ODOMETER', '2026-03-01T09:00:00.000Z', { odometer: { value: 900 } }))),
      ).toBe('applied');
      const left = await t.db.select({ key: sharedReads.key }).from(sharedReads).where(eq(sharedReads.organizationId, org.id));
      expect(left).toEqual([{ key: 'telemetry-of-other' }]);
    });

    it('never lets an older event replace a newer figure, whether the newer came by event or by a read', async () => {
      const { org, secret, vehicleId, send } = await organizationWithSnapshotVehicle(t.db);
      expect(
        await send(signedDelivery(secret, telemetry(vehicleId, 'ODOMETER', '2026-03-01T12:00:00.000Z', { odometer: { value: 1200 } }))),
      ).toBe('applied');
      const pushedAt = (await getSnapshot(t.db, org.id, vehicleId))!.pushedAt;
      // Out of order: an older reading arrives after the newer one.
      expect(
        await send(signedDelivery(secret, telemetry(vehicleId, 'ODOMETER', '2026-03-01T11:00:00.000Z', { odometer: { value: 1100 } }))),
      ).toBe('applied');
      const row = (await getSnapshot(t.db, org.id, vehicleId))!;
      expect(row).toMatchObject({ odometerKm: 1200, odometerAt: new Date('2026-03-01T12:00:00.000Z') });
      // The old event refreshed nothing.
      expect(row.pushedAt).toEqual(pushedAt);

      // A telemetry read newer than an event wins over it too.
      await recordReading(
        t.db,
        org.id,
        vehicleId,
        { rangeKm: { value: 300, at: new Date('2026-03-01T13:00:00.000Z') } },
        new Date('2026-03-01T13:00:01.000Z'),
      );
      await send(signedDelivery(secret, telemetry(vehicleId, 'RANGE', '2026-03-01T12:30:00.000Z', { range: { value: 280 } })));
      expect(await getSnapshot(t.db, org.id, vehicleId)).toMatchObject({ rangeKm: 300 });
      await send(signedDelivery(secret, telemetry(vehicleId, 'RANGE', '2026-03-01T13:30:00.000Z', { range: { value: 270 } })));
      expect(await getSnapshot(t.db, org.id, vehicleId)).toMatchObject({ rangeKm: 270, rangeAt: new Date('2026-03-01T13:30:00.000Z') });
    });

    it('records an unknown metric, a metric without value and an unknown vehicle, and ignores them', async () => {
      const { org, secret, vehicleId, send } = await organizationWithSnapshotVehicle(t.db);
      const before = await getSnapshot(t.db, org.id, vehicleId);
      const at = '2026-03-01T10:00:00.000Z';
      expect(await send(signedDelivery(secret, telemetry(vehicleId, 'FLUX_CAPACITOR', at, { fluxCapacitor: { value: 1.21 } })))).toBe(
        'ignored',
      );
      expect(await send(signedDelivery(secret, telemetry(vehicleId, 'DEPARTURE_TIMES', at, {})))).toBe('ignored');
      expect(await send(signedDelivery(secret, telemetry(vehicleId, 'STATE_OF_CHARGE', at, {})))).toBe('ignored');
      expect(await send(signedDelivery(secret, telemetry('veh_unknown', 'STATE_OF_CHARGE', at, { stateOfCharge: { value: 0.5 } })))).toBe(
        'ignored',
      );
      expect(await getSnapshot(t.db, org.id, 'veh_unknown')).toBeUndefined();
      expect(await getSnapshot(t.db, org.id, vehicleId)).toEqual(before);
      const events = await listWebhookEvents(t.db, org.id);
      expect(events).toHaveLength(4);
      expect(events.map((e) => e.outcome)).toEqual(['ignored', 'ignored', 'ignored', 'ignored']);
      expect(events.find((e) => e.detail?.includes('FLUX_CAPACITOR'))).toBeDefined();
    });

    const connection = (vehicleId: string, type: 'device.connected' | 'device.disconnected', at: string) => ({
      type,
      timestamp: at,
      data: { id: vehicleId, deviceType: 'VEHICLE' },
    });

    it('marks the vehicle disconnected and connected by the events, forward only by their timestamps', async () => {
      const { org, secret, vehicleId, send } = await organizationWithSnapshotVehicle(t.db);
      expect(await send(signedDelivery(secret, connection(vehicleId, 'device.disconnected', '2026-03-01T10:00:00.000Z')))).toBe('applied');
      expect(await getSnapshot(t.db, org.id, vehicleId)).toMatchObject({
        connectionStatus: 'DISCONNECTED',
        connectionAt: new Date('2026-03-01T10:00:00.000Z'),
      });
      // The job no longer reads a disconnected vehicle.
      expect(await listRefreshCandidates(t.db, org.id)).toEqual([]);

      // Out of order: a connected from before the disconnection changes nothing.
      expect(await send(signedDelivery(secret, connection(vehicleId, 'device.connected', '2026-03-01T09:00:00.000Z')))).toBe('applied');
      expect(await getSnapshot(t.db, org.id, vehicleId)).toMatchObject({ connectionStatus: 'DISCONNECTED' });

      expect(await send(signedDelivery(secret, connection(vehicleId, 'device.connected', '2026-03-01T11:00:00.000Z')))).toBe('applied');
      expect(await getSnapshot(t.db, org.id, vehicleId)).toMatchObject({
        connectionStatus: 'CONNECTED',
        connectionAt: new Date('2026-03-01T11:00:00.000Z'),
      });
      expect((await listRefreshCandidates(t.db, org.id)).map((c) => c.vehicleId)).toEqual([vehicleId]);

      // A list walk older than the last event does not roll it back; a newer one is the latest word.
      await upsertRoster(t.db, org.id, [listedVehicle(vehicleId, 'DISCONNECTED')], new Date('2026-03-01T10:30:00.000Z'));
      expect(await getSnapshot(t.db, org.id, vehicleId)).toMatchObject({ connectionStatus: 'CONNECTED' });
      await upsertRoster(t.db, org.id, [listedVehicle(vehicleId, 'DISCONNECTED')], new Date('2026-03-01T12:00:00.000Z'));
      expect(await getSnapshot(t.db, org.id, vehicleId)).toMatchObject({
        connectionStatus: 'DISCONNECTED',
        connectionAt: new Date('2026-03-01T12:00:00.000Z'),
      });
    });

    it('records a connection event for a vehicle the snapshot does not hold, and adds nothing', async () => {
      const { org, secret, send } = await organizationWithSnapshotVehicle(t.db);
      expect(await send(signedDelivery(secret, connection('veh_other', 'device.connected', '2026-03-01T10:00:00.000Z')))).toBe('recorded');
      expect(await getSnapshot(t.db, org.id, 'veh_other')).toBeUndefined();
    });
  });
}
