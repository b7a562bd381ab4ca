import { beforeEach, describe, expect, it } from 'vitest';
import type { SandboxFixtures } from './index';
import { type Harness, PROFILES, createHarness } from './sandbox.test-support';

describe.each(PROFILES)('platform alerts (%s profile)', (profile) => {
  let h: Harness;
  let token: string;
  let f: SandboxFixtures;

  beforeEach(async () => {
    h = createHarness({ profile });
    token = await h.token();
    f = h.sandbox.fixtures(h.sandbox.organizations[0].id);
  });

  const get = (path: string) => h.json('GET', path, { token });

  it('raises an active, unmuted "not seen" alert on the offline vehicle, with its resolution steps', async () => {
    const { status, body } = await get(`/v1/vehicles/${f.offlineVehicleId}/alerts`);
    expect(status).toBe(200);
    const notSeen = body.results.find((a: { definition: { id: string } }) => a.definition.id === 'def_vehicle_not_seen');
    expect(notSeen).toMatchObject({ vehicleId: f.offlineVehicleId, status: 'ACTIVE', muted: false, currentSeverity: 'HIGH' });
    expect(notSeen.resolutions[0].steps.length).toBeGreaterThan(1);
    // The vendor's schema puts a step's text and order in its definition, with an id and status of its own.
    expect(notSeen.resolutions[0].steps[0]).toEqual(
      profile === 'vendor'
        ? { id: expect.any(String), status: 'PENDING', definition: { id: expect.any(String), description: expect.any(String), order: 1 } }
        : { order: 1, description: expect.any(String) },
    );
  });

  it('answers the same alerts on every read (deterministic from the seed)', async () => {
    const first = await get(`/v1/vehicles/${f.onlineListeningVehicleId}/alerts`);
    const second = await get(`/v1/vehicles/${f.onlineListeningVehicleId}/alerts`);
    expect(second.body).toEqual(first.body);
  });

  it(
    profile === 'vendor' ? 'leaves results out when a vehicle has no alerts' : 'answers an empty page when a vehicle has no alerts',
    async () => {
      const { status, body } = await get(`/v1/vehicles/${f.noJourneysVehicleId}/alerts`);
      expect(status).toBe(200);
      expect(body.totalResults).toBe(0);
      if (profile === 'vendor') expect(body).not.toHaveProperty('results');
      else expect(body.results).toEqual([]);
    },
  );

  it('answers 404 for a vehicle of another organization', async () => {
    const other = h.sandbox.fixtures(h.sandbox.organizations[1].id);
    expect((await get(`/v1/vehicles/${other.offlineVehicleId}/alerts`)).status).toBe(404);
  });
});
