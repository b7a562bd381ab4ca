import { describe, expect, it, vi } from 'vitest';
import { databaseLegs, useTestDatabase } from '@/lib/db/test-legs.test-support';
import { signedDelivery, organizationWithSnapshotVehicle } from '@/lib/webhooks/server/webhooks.test-support';
import { gatherHistory } from './gather-history';
import { TEST_POLICY, historyOrganization, historyWorld, keepOnlyVehicles } from './history.test-support';
import { storedDailyReadings } from './history-queries';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0032');

const telemetry = (vehicleId: string, metricType: string, at: string, block: Record<string, unknown>) => ({
  type: 'device.telemetry',
  timestamp: at,
  data: { metricType, vehicle: { id: vehicleId, ...block }, timestamp: at },
});

const MARCH = { from: new Date('2026-03-01T00:00:00Z'), to: new Date('2026-04-01T00:00:00Z') };

for (const leg of await databaseLegs()) {
  describe.skipIf(!leg.available)(`daily readings, on ${leg.kind}`, () => {
    const t = useTestDatabase(leg.kind);

    it('are filled between reads by pushed events that carry the figures, each into the day of its own time', async () => {
      const { org, secret, vehicleId, send } = await organizationWithSnapshotVehicle(t.db);
      const push = (metric: string, at: string, block: Record<string, unknown>) =>
        send(signedDelivery(secret, telemetry(vehicleId, metric, at, block)));
      expect(await push('STATE_OF_CHARGE', '2026-03-01T10:00:00.000Z', { stateOfCharge: { value: 61 } })).toBe('applied');
      expect(await push('ODOMETER', '2026-03-01T11:00:00.000Z', { odometer: { value: 12_345.6 } })).toBe('applied');
      expect(await push('LOCATION', '2026-03-02T07:00:00.000Z', { location: { latitude: 52.5, longitude: 13.4 } })).toBe('applied');
      // Out of order: an earlier state of charge of the first day does not replace the later one.
      await push('STATE_OF_CHARGE', '2026-03-01T08:00:00.000Z', { stateOfCharge: { value: 90 } });
      // A metric the daily readings do not keep leaves them as they are.
      await push('TIRES', '2026-03-03T07:00:00.000Z', { tirePressure: { frontLeftTire: 250 } });

      const days = await storedDailyReadings(t.db, org.id, vehicleId, MARCH);
      expect(days.map((d) => d.day)).toEqual(['2026-03-01', '2026-03-02']);
      expect(days[0]).toMatchObject({ stateOfCharge: 61, odometerKm: 12_345.6, latitude: null });
      expect(days[1]).toMatchObject({ latitude: 52.5, longitude: 13.4, stateOfCharge: null });
    });

    it('are filled by the snapshot’s telemetry reads, which the gathering never repeats', { timeout: 60_000 }, async () => {
      const w = historyWorld();
      const vehicleId = w.fixtures.onlineListeningVehicleId;
      await keepOnlyVehicles(w, vehicleId);
      const org = await historyOrganization(t.db, w);
      const today = { from: new Date(w.now().getTime() - 30 * 86_400_000), to: new Date(w.now().getTime() + 86_400_000) };
      const [reading] = (await storedDailyReadings(t.db, org.id, vehicleId, today)).slice(-1);
      expect(reading?.stateOfCharge).toEqual(expect.any(Number));
      expect(reading?.odometerKm).toEqual(expect.any(Number));
      const before = w.otherVehicleCalls.length;
      await gatherHistory(t.db, org.apiFor, w.now, TEST_POLICY);
      // The gathering asks for lists only: no telemetry of its own (nor any other per-vehicle read).
      expect(new Set(w.calls.map((c) => c.kind))).toEqual(new Set(['journeys', 'charging']));
      expect(w.otherVehicleCalls.slice(before)).toEqual([]);
    });
  });
}
