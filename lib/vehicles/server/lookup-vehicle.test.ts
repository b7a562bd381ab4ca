import { describe, expect, it } from 'vitest';
import { createSandbox } from '@/lib/sandbox';
import { sandboxClient } from '@/lib/vehicle-api/sandbox-client.test-support';
import { findVehicleId } from './lookup-vehicle';

async function world() {
  const { api, calls } = sandboxClient(createSandbox({ seed: 5, vehiclesPerOrg: 4 }));
  const vehicle = (await api.listVehicles({ maxPageSize: 1 })).data.results[0];
  calls.length = 0;
  return { api, calls, vehicle };
}

describe('findVehicleId (the vehicle search box)', () => {
  it('finds a vehicle by VIN through one filtered list call, and by id through one look-up', async () => {
    const w = await world();
    expect(await findVehicleId(w.api, w.vehicle.vin!.toLowerCase())).toEqual({ vehicleId: w.vehicle.id });
    expect(w.calls).toEqual(['GET /v1/vehicles']);
    expect(await findVehicleId(w.api, w.vehicle.id)).toEqual({ vehicleId: w.vehicle.id });
    expect(w.calls).toEqual(['GET /v1/vehicles', `GET /v1/vehicles/${w.vehicle.id}`]);
  });

  it('never sends text that cannot be an id into the upstream path: slashes, dots, encodings, spaces', async () => {
    const w = await world();
    for (const q of ['../rate-limits', 'x/../../v1/rate-limits', '%2e%2e%2frate-limits', 'a b', 'veh?x=1', '.hidden']) {
      await expect(findVehicleId(w.api, q)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
    expect(w.calls).toEqual([]);
  });
});
