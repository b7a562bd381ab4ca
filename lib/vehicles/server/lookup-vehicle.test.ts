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

  it('finds a vehicle by its registration plate, whatever the case, once the VIN and id found nothing', async () => {
    const w = await world();
    const plate = w.vehicle.registrationPlate!;
    expect(plate).toBeTruthy();
    expect(await findVehicleId(w.api, plate.toLowerCase())).toEqual({ vehicleId: w.vehicle.id });
    // Each call is a filtered list (the plate) or a look-up of text shaped as an id; nothing else.
    expect(w.calls.at(-1)).toBe('GET /v1/vehicles');
    await expect(findVehicleId(w.api, 'NO PLATE 0')).rejects.toMatchObject({ code: 'NOT_FOUND', message: /VIN, plate or id/ });
  });

  it('never sends text that cannot be an id into the upstream path: slashes, dots, encodings, spaces', async () => {
    const w = await world();
    for (const q of ['../rate-limits', 'x/../../v1/rate-limits', '%2e%2e%2frate-limits', 'a b', 'veh?x=1', '.hidden']) {
      await expect(findVehicleId(w.api, q)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
    // At most the plate's filtered list ('a b' may be a plate), never a path built from the text.
    expect(w.calls.every((call) => call === 'GET /v1/vehicles')).toBe(true);
    expect(w.calls).toHaveLength(1);
  });
});
