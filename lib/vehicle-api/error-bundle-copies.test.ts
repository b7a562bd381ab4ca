import { describe, expect, it, vi } from 'vitest';

describe('VehicleApiError across bundle copies', () => {
  it('is recognised by instanceof when thrown by another copy of the module', async () => {
    const { VehicleApiError: Original } = await import('./errors');
    vi.resetModules();
    const copy = await import('./errors');
    expect(copy.VehicleApiError).not.toBe(Original);
    const fromCopy = new copy.VehicleApiError({
      code: 'RESOURCE_NOT_FOUND',
      status: 404,
      message: 'gone',
      endpoint: 'GET /v1/vehicles/{vehicleId}',
    });
    expect(fromCopy instanceof Original).toBe(true);
    expect(new Error('plain') instanceof Original).toBe(false);
    expect({ code: 'RESOURCE_NOT_FOUND' } instanceof Original).toBe(false);
    expect((null as unknown) instanceof Original).toBe(false);
  });
});
