import { describe, expect, it, vi } from 'vitest';
import type { Org } from '@/lib/org/org-access';
import { createVehicleApi } from '@/lib/vehicle-api';
import { createFakeUpstream, json } from '@/lib/vehicle-api/fake-upstream.test-support';

const upstream = createFakeUpstream();
const api = createVehicleApi({ baseUrl: 'http://vendor.test', clientId: 'c', clientSecret: 's', fetch: upstream.fetch, logger: () => {} });
vi.mock('@/lib/org/org-vehicle-api', () => ({ orgVehicleApi: async () => api }));

const { setListening } = await import('./set-listening');
const org = {} as Org;

describe('setting the listening state', () => {
  it('passes on the state the vendor echoes, "false" as a string included', async () => {
    upstream.on('POST /v1/vehicles/veh_1/listening', () => json({ vehicleId: 'veh_1', isListening: 'false' }, 202));
    expect(await setListening(org, 'veh_1', false)).toMatchObject({ isListening: false, changed: true });
  });

  it('takes the state asked for when the echo is no yes or no', async () => {
    upstream.on('POST /v1/vehicles/veh_1/listening', () => json({ vehicleId: 'veh_1', isListening: 'unknown' }, 200));
    expect(await setListening(org, 'veh_1', true)).toMatchObject({ isListening: true, changed: false });
  });
});
