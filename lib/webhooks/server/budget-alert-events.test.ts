import { describe, expect, it, vi } from 'vitest';
import { databaseLegs, useTestDatabase } from '@/lib/db/test-legs.test-support';
import { countSnapshotMatches, getSnapshot } from '@/lib/db/repos/vehicle-snapshots';
import { listWebhookEvents } from '@/lib/db/repos/webhook-events';
import { savePlatformAlertRead } from '@/lib/db/repos/platform-alert-reads';
import type { VehicleApi } from '@/lib/vehicle-api';
import { loadVehicleAlerts } from '@/lib/alerts/server/load-platform-alerts';
import { CHARGING_STATES, PLUGGED_IN_STATES } from '@/lib/vehicles/state-filters';
import { organizationWithSnapshotVehicle, signedDelivery } from './webhooks.test-support';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0018');

const rateLimit = (vehicleId: string, key: string, remaining: number, at: string, max = 30) => ({
  type: 'rate_limit.updated',
  timestamp: at,
  data: { remaining_requests: remaining, max_requests: max, domain: 'VEHICLE', window_size_seconds: 3600, object_id: vehicleId, key },
});

const alert = (vehicleId: string, id: string, status: 'ACTIVE' | 'RESOLVED', at: string, muted = false) => ({
  type: 'alert.updated',
  timestamp: at,
  data: { id, vehicleId, status, muted, currentSeverity: 'MEDIUM', updatedAt: at, definition: { code: 'LOW_STATE_OF_CHARGE' } },
});

const match = { chargingStates: CHARGING_STATES, pluggedInStates: PLUGGED_IN_STATES };

for (const leg of await databaseLegs()) {
  describe.skipIf(!leg.available)(`rate_limit.updated and alert.updated into the fleet snapshot, on ${leg.kind}`, () => {
    const t = useTestDatabase(leg.kind);

    it('keeps the pushed command budget with its time, once however often delivered, and never an older figure over a newer', async () => {
      const { org, secret, vehicleId, send } = await organizationWithSnapshotVehicle(t.db);
      const event = signedDelivery(secret, rateLimit(vehicleId, 'OEM_ENERGY_API_COMMANDS', 29, '2026-03-01T10:00:00.000Z'));
      expect([await send(event), await send(event), await send(event)]).toEqual(['applied', 409, 409]);
      expect(await listWebhookEvents(t.db, org.id)).toHaveLength(1);
      expect((await getSnapshot(t.db, org.id, vehicleId))!.pushedBudgets).toEqual({
        OEM_ENERGY_API_COMMANDS: { remaining: 29, max: 30, windowSeconds: 3600, domain: 'VEHICLE', at: '2026-03-01T10:00:00.000Z' },
      });

      // Out of order: the figure from before arrives after the newer one, and changes nothing.
      expect(await send(signedDelivery(secret, rateLimit(vehicleId, 'OEM_ENERGY_API_COMMANDS', 30, '2026-03-01T09:59:00.000Z')))).toBe(
        'applied',
      );
      expect((await getSnapshot(t.db, org.id, vehicleId))!.pushedBudgets?.OEM_ENERGY_API_COMMANDS).toMatchObject({ remaining: 29 });

      // A newer one replaces it; another key sits beside it, and the fetch budget paces the snapshot job.
      await send(signedDelivery(secret, rateLimit(vehicleId, 'OEM_ENERGY_API_COMMANDS', 28, '2026-03-01T10:05:00.000Z')));
      await send(
        signedDelivery(secret, rateLimit(vehicleId, 'OEM_ENERGY_API_COMMANDS_AND_FETCH_STATE', 150, '2026-03-01T10:05:00.000Z', 200)),
      );
      const row = (await getSnapshot(t.db, org.id, vehicleId))!;
      expect(row.pushedBudgets?.OEM_ENERGY_API_COMMANDS).toMatchObject({ remaining: 28, at: '2026-03-01T10:05:00.000Z' });
      expect(row.pushedBudgets?.OEM_ENERGY_API_COMMANDS_AND_FETCH_STATE).toMatchObject({ remaining: 150, max: 200 });
      expect(row).toMatchObject({ budgetMax: 200, budgetWindowSeconds: 3600, budgetReadAt: new Date('2026-03-01T10:05:00.000Z') });
    });

    it('refuses a rate_limit.updated without counts as invalid, and records one for an unknown vehicle without adding it', async () => {
      const { org, secret, send } = await organizationWithSnapshotVehicle(t.db);
      const bad = { type: 'rate_limit.updated', timestamp: '2026-03-01T10:00:00.000Z', data: { object_id: 'veh_x', key: 'K' } };
      expect(await send(signedDelivery(secret, bad))).toBe('invalid');
      expect(await send(signedDelivery(secret, rateLimit('veh_other', 'OEM_ENERGY_API_COMMANDS', 3, '2026-03-01T10:00:00.000Z')))).toBe(
        'recorded',
      );
      expect(await getSnapshot(t.db, org.id, 'veh_other')).toBeUndefined();
    });

    it('marks the vehicle as having alerts while one is active and not muted, forward only per alert', async () => {
      const { org, secret, vehicleId, send } = await organizationWithSnapshotVehicle(t.db);
      const raised = signedDelivery(secret, alert(vehicleId, 'alr_1', 'ACTIVE', '2026-03-01T10:00:00.000Z'));
      expect([await send(raised), await send(raised), await send(raised)]).toEqual(['applied', 409, 409]);
      expect(await getSnapshot(t.db, org.id, vehicleId)).toMatchObject({ hasAlerts: true });
      expect(await countSnapshotMatches(t.db, org.id, { ...match, withAlerts: true })).toBe(1);

      // A second alert, then the first resolved: still marked. A late RESOLVED older than the raise changes nothing.
      await send(signedDelivery(secret, alert(vehicleId, 'alr_2', 'ACTIVE', '2026-03-01T10:01:00.000Z')));
      await send(signedDelivery(secret, alert(vehicleId, 'alr_1', 'RESOLVED', '2026-03-01T09:00:00.000Z')));
      expect((await getSnapshot(t.db, org.id, vehicleId))!.pushedAlerts?.alr_1).toMatchObject({ active: true });
      await send(signedDelivery(secret, alert(vehicleId, 'alr_1', 'RESOLVED', '2026-03-01T10:02:00.000Z')));
      expect(await getSnapshot(t.db, org.id, vehicleId)).toMatchObject({ hasAlerts: true });

      // Muting the last active one clears the mark; the filter no longer finds the vehicle.
      await send(signedDelivery(secret, alert(vehicleId, 'alr_2', 'ACTIVE', '2026-03-01T10:03:00.000Z', true)));
      expect(await getSnapshot(t.db, org.id, vehicleId)).toMatchObject({ hasAlerts: false });
      expect(await countSnapshotMatches(t.db, org.id, { ...match, withAlerts: true })).toBe(0);

      // An out-of-order ACTIVE from before the mute does not mark it again.
      await send(signedDelivery(secret, alert(vehicleId, 'alr_2', 'ACTIVE', '2026-03-01T10:02:30.000Z')));
      expect(await getSnapshot(t.db, org.id, vehicleId)).toMatchObject({ hasAlerts: false });
    });

    it("folds the pushed alert into the vehicle's last alerts read, so both inboxes show it before the read expires", async () => {
      const { org, secret, vehicleId, send } = await organizationWithSnapshotVehicle(t.db);
      const api = { listPlatformAlerts: vi.fn() } as unknown as VehicleApi;
      const readAt = new Date('2026-03-01T09:55:00.000Z');
      const definition = { code: 'LOW_STATE_OF_CHARGE', name: 'Low charge' };
      await savePlatformAlertRead(t.db, {
        organizationId: org.id,
        vehicleId,
        alerts: [
          { id: 'alr_1', vehicleId, status: 'ACTIVE', currentSeverity: 'MEDIUM', updatedAt: '2026-03-01T09:50:00.000Z', definition },
        ],
        upstreamRequestId: 'req_read',
        fetchedAt: readAt,
      });

      await send(signedDelivery(secret, alert(vehicleId, 'alr_1', 'RESOLVED', '2026-03-01T10:00:00.000Z')));
      const shown = await loadVehicleAlerts(t.db, org.id, api, vehicleId, new Date('2026-03-01T10:01:00.000Z'));
      expect(shown.alerts).toEqual([expect.objectContaining({ id: 'alr_1', status: 'RESOLVED', title: 'Low charge' })]);
      expect(shown.read).toMatchObject({ cached: true, fetchedAt: readAt.toISOString() });
      expect(api.listPlatformAlerts).not.toHaveBeenCalled();
    });

    it('refuses an alert.updated without its vehicle as invalid', async () => {
      const { secret, send } = await organizationWithSnapshotVehicle(t.db);
      const bad = { type: 'alert.updated', timestamp: '2026-03-01T10:00:00.000Z', data: { id: 'alr_1', status: 'ACTIVE' } };
      expect(await send(signedDelivery(secret, bad))).toBe('invalid');
    });
  });
}
