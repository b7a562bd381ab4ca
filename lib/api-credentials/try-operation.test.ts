import { describe, expect, it } from 'vitest';
import { tryOperationUrl } from './try-operation';

const vehicle = {
  path: '/api/o/{org}/vehicles/{vehicleId}/commands',
  pathParams: ['org', 'vehicleId'],
  queryParams: ['pageSize', 'state'],
};

describe('the URL of a try from the API reference', () => {
  it('fills the organization and the typed values, each path value one encoded segment, and only the non-empty query values', () => {
    expect(tryOperationUrl('demo', vehicle, { vehicleId: 'v1', pageSize: '5', state: ' ' })).toBe(
      '/api/o/demo/vehicles/v1/commands?pageSize=5',
    );
    expect(tryOperationUrl('demo', vehicle, { vehicleId: '../../../other/vehicles', org: 'other' })).toBe(
      '/api/o/demo/vehicles/..%2F..%2F..%2Fother%2Fvehicles/commands',
    );
    expect(tryOperationUrl('demo', vehicle, {})).toBe('/api/o/demo/vehicles/%7BvehicleId%7D/commands');
  });

  it('never leaves the console API of this organization', () => {
    expect(() => tryOperationUrl('demo', { path: 'https://elsewhere.example/x', pathParams: [], queryParams: [] }, {})).toThrow();
    expect(() => tryOperationUrl('demo', { path: '/api/profile/sessions', pathParams: [], queryParams: [] }, {})).toThrow();
  });
});
