import { describe, expect, it } from 'vitest';
import { createSandbox } from '@/lib/sandbox';
import { createVehicleApi, type FetchLike } from '@/lib/vehicle-api';
import { findVehicleId } from './lookup-vehicle';

async function world() {
  const sandbox = createSandbox({ seed: 5, vehiclesPerOrg: 4 });
  const org = sandbox.organizations[0];
  const paths: string[] = [];
  const fetch: FetchLike = async (input, init) => {
    const url = new URL(input);
    if (!url.pathname.includes('/oauth2/')) paths.push(url.pathname);
    return sandbox.fetch(input, init);
  };
  const api = createVehicleApi({
    baseUrl: 'http://sandbox.local',
    clientId: org.clientId,
    clientSecret: org.clientSecret,
    fetch,
    logger: () => {},
  });
  const vehicle = (await api.listVehicles({ maxPageSize: 1 })).data.results[0];
  paths.length = 0;
  return { api, paths, vehicle };
}

describe('findVehicleId (the vehicle search box)', () => {
  it('finds a vehicle by VIN through one filtered list call, and by id through one look-up', async () => {
    const w = await world();
    expect(await findVehicleId(w.api, w.vehicle.vin!.toLowerCase())).toEqual({ vehicleId: w.vehicle.id });
    expect(w.paths).toEqual(['/v1/vehicles']);
    expect(await findVehicleId(w.api, w.vehicle.id)).toEqual({ vehicleId: w.vehicle.id });
    expect(w.paths).toEqual(['/v1/vehicles', `/v1/vehicles/${w.vehicle.id}`]);
  });

  it('never sends text that cannot be an id into the upstream path: slashes, dots, encodings, spaces', async () => {
    const w = await world();
    for (const q of ['../rate-limits', 'x/../../v1/rate-limits', '%2e%2e%2frate-limits', 'a b', 'veh?x=1', '.hidden']) {
      await expect(findVehicleId(w.api, q)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
    expect(w.paths).toEqual([]);
  });
});
