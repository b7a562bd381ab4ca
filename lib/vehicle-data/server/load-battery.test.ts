import { describe, expect, it } from 'vitest';
import { createVehicleApi } from '@/lib/vehicle-api';
import { createFakeUpstream, json } from '@/lib/vehicle-api/fake-upstream.test-support';
import { loadRange, loadStateOfHealth } from './load-battery';

function apiWith(route: string, response: () => Response) {
  const upstream = createFakeUpstream();
  upstream.on(route, response);
  return createVehicleApi({ baseUrl: 'http://vendor.test', clientId: 'c', clientSecret: 's', fetch: upstream.fetch, logger: () => {} });
}

const params = { vehicleId: 'veh_1' };

describe('the battery loaders', () => {
  it('read the figures, with the upstream call beside them', async () => {
    const api = apiWith('GET /v1/vehicles/veh_1/state-of-health', () =>
      json({ vehicleId: 'veh_1', stateOfHealth: '91.5', batteryCapacity: { nominal: '80', real: '73.2' } }),
    );
    const { data, call } = await loadStateOfHealth(api, { params });
    expect(data).toMatchObject({ available: true, stateOfHealth: { stateOfHealth: 91.5, batteryCapacity: { nominal: 80, real: 73.2 } } });
    expect(call.requestId).toBe('req-200');
  });

  it('turn a 404 into "no battery data yet", keeping the call for its request id', async () => {
    const api = apiWith('GET /v1/vehicles/veh_1/range', () => json({ error: 'RESOURCE_NOT_FOUND', message: 'no battery data' }, 404));
    const { data, call } = await loadRange(api, { params });
    expect(data).toEqual({ available: false });
    expect(call.requestId).toBe('req-404');
  });

  it('leave every other failure to the route', async () => {
    const api = apiWith('GET /v1/vehicles/veh_1/range', () => json({ error: 'NOT_PERMITTED', message: 'no' }, 403));
    await expect(loadRange(api, { params })).rejects.toMatchObject({ code: 'NOT_PERMITTED' });
  });
});
