import { afterEach, describe, expect, it, vi } from 'vitest';
import { forceNextRead, readVehicleData, vehicleDataPath } from './query';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a forced read of a vehicle section', () => {
  it('asks the origin (Cache-Control: no-cache) once after a person’s refresh, and plain reads after it do not', async () => {
    const fetch = vi.fn(async (_input: string, _init: RequestInit) => new Response('{"telemetry":{}}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const path = vehicleDataPath('fleet', 'veh 1', 'telemetry');
    const other = vehicleDataPath('fleet', 'veh 2', 'telemetry');
    const cacheControl = (n: number) => new Headers(fetch.mock.calls[n][1].headers).get('cache-control');

    await readVehicleData(path);
    forceNextRead(path);
    await readVehicleData(other);
    await readVehicleData(path);
    await readVehicleData(path);

    expect(fetch.mock.calls.map((c) => c[0])).toEqual([path, other, path, path]);
    expect([0, 1, 2, 3].map(cacheControl)).toEqual([null, null, 'no-cache', null]);
  });
});
