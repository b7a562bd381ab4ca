import { describe, expect, it } from 'vitest';
import { databaseLegs, useTestDatabase } from '@/lib/db/test-legs.test-support';
import { createOrganization } from '@/lib/db/repos/organizations';
import { createSandbox } from '@/lib/sandbox';
import { sandboxClient } from '@/lib/vehicle-api/sandbox-client.test-support';
import { ALERTS_TTL_MS } from '@/lib/alerts/platform-alerts';
import { FLEET_BATCH, loadFleetAlerts, loadVehicleAlerts } from './load-platform-alerts';

function world(vehiclesPerOrg: number) {
  const sandbox = createSandbox({ seed: 19, vehiclesPerOrg });
  const org = sandbox.organizations[0];
  const { api, calls } = sandboxClient(sandbox);
  const alertCalls = () => calls.filter((c) => c.endsWith('/alerts')).length;
  const listCalls = () => calls.filter((c) => c === 'GET /v1/vehicles').length;
  return { sandbox, api, fixtures: sandbox.fixtures(org.id), alertCalls, listCalls };
}

for (const leg of await databaseLegs()) {
  describe.skipIf(!leg.available)(`platform alerts through the read cache, on ${leg.kind}`, () => {
    const t = useTestDatabase(leg.kind);
    const newOrg = async () => {
      const suffix = Math.random().toString(36).slice(2, 8);
      return (await createOrganization(t.db, { slug: `a${suffix}`, name: 'Org', apiBaseUrl: null, clientId: 'c', clientSecret: 's' })).id;
    };

    it('reads a vehicle from the upstream once per TTL, whoever asks', async () => {
      const w = world(12);
      const orgId = await newOrg();
      const start = new Date('2026-11-24T10:00:00Z');
      const first = await loadVehicleAlerts(t.db, orgId, w.api, w.fixtures.offlineVehicleId, start);
      expect(first.read.cached).toBe(false);
      expect(first.alerts[0]).toMatchObject({ code: 'VEHICLE_NOT_SEEN', status: 'ACTIVE', severity: 'HIGH' });
      expect(first.alerts[0].steps.length).toBeGreaterThan(1);
      const again = await loadVehicleAlerts(t.db, orgId, w.api, w.fixtures.offlineVehicleId, new Date(start.getTime() + ALERTS_TTL_MS - 1));
      expect(again.read.cached).toBe(true);
      expect(again.alerts).toEqual(first.alerts);
      expect(w.alertCalls()).toBe(1);
      await loadVehicleAlerts(t.db, orgId, w.api, w.fixtures.offlineVehicleId, new Date(start.getTime() + ALERTS_TTL_MS));
      expect(w.alertCalls()).toBe(2);
    });

    it('names a vehicle whose alerts could not be kept without the database’s words (SQL and values stay in the log)', async () => {
      const w = world(3);
      const orgId = await newOrg();
      const failing = new Error('Failed query: insert into "platform_alert_reads" values ($1) params: 2de06abb,[{"id":"alr_secret"}]');
      const db = new Proxy(t.db, {
        get: (target, key, receiver) => (key === 'transaction' ? () => Promise.reject(failing) : Reflect.get(target, key, receiver)),
      });
      const fleet = await loadFleetAlerts(db, orgId, w.api, new Date('2026-11-24T10:00:00Z'));
      expect(fleet.failed.length).toBe(fleet.vehicles);
      for (const failure of fleet.failed) {
        expect(failure.message).toBe('Something went wrong on our side. The error was logged.');
      }
      expect(JSON.stringify(fleet)).not.toContain('alr_secret');
    });

    it('reads the fleet in bounded batches, then only from the cache until the TTL passes', async () => {
      const w = world(FLEET_BATCH + 9);
      const orgId = await newOrg();
      const start = new Date('2026-11-24T10:00:00Z');
      const first = await loadFleetAlerts(t.db, orgId, w.api, start);
      // The list leaves out the disconnected fixture (and any vehicle not synchronised).
      const rest = first.vehicles - FLEET_BATCH;
      expect(rest).toBeGreaterThan(0);
      expect(first.vehiclesRead).toBe(FLEET_BATCH);
      expect(first.pending).toBe(rest);
      const second = await loadFleetAlerts(t.db, orgId, w.api, new Date(start.getTime() + 1_000));
      expect(second).toMatchObject({ vehiclesRead: rest, pending: 0, failed: [] });
      expect(second.alerts.some((a) => a.vehicle.id === w.fixtures.offlineVehicleId && a.code === 'VEHICLE_NOT_SEEN')).toBe(true);
      const third = await loadFleetAlerts(t.db, orgId, w.api, new Date(start.getTime() + 2_000));
      expect(third.vehiclesRead).toBe(0);
      expect(third.alerts).toEqual(second.alerts);
      expect(w.alertCalls()).toBe(first.vehicles);
      expect(w.listCalls()).toBe(1);
      const later = await loadFleetAlerts(t.db, orgId, w.api, new Date(start.getTime() + ALERTS_TTL_MS + 2_000));
      expect(later.vehiclesRead).toBe(FLEET_BATCH);
      expect(w.listCalls()).toBe(2);
    });
  });
}
