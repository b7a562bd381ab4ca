import { describe, expect, it } from 'vitest';
import { upstreamId } from './route-params';
import { isUpstreamId } from './upstream-id';

describe('isUpstreamId', () => {
  it('answers as the upstreamId schema does', () => {
    const samples = [
      'abc',
      'A',
      'veh_1',
      'a.b:c_d-e',
      '9',
      '',
      '-abc',
      '.x',
      'a/b',
      '../x',
      'a b',
      '<x>',
      'é',
      'a'.repeat(128),
      'a'.repeat(129),
      'x\n',
    ];
    for (const value of samples) expect(isUpstreamId(value), JSON.stringify(value)).toBe(upstreamId.safeParse(value).success);
    expect(samples.filter(isUpstreamId)).toEqual(['abc', 'A', 'veh_1', 'a.b:c_d-e', '9', 'a'.repeat(128)]);
  });
});

// Issue 12, item 9: every id that reaches an upstream path is refused when it is or makes a dot segment.
describe('ids in routes that reach an upstream path', async () => {
  const { accountParamsSchema } = await import('@/lib/vehicles/schemas');
  const { bulkConnectionParamsSchema } = await import('@/lib/eligibility/schemas');
  const { chargingSessionParamsSchema } = await import('@/lib/vehicle-data/schemas');
  const { memberParamsSchema, vehicleParamsSchema } = await import('./route-params');
  const DOTTED = ['.', '..', '%2e%2e', '%2E', '../../v1', '..%2F..%2Fv1', './x', 'x/../y', ' ..', '.hidden'];

  it.each(DOTTED)('refuses %j as a vehicle, account, bulk connection or charging session id', (id) => {
    expect(vehicleParamsSchema.safeParse({ org: 'demo', vehicleId: id }).success).toBe(false);
    expect(accountParamsSchema.safeParse({ org: 'demo', accountId: id }).success).toBe(false);
    expect(bulkConnectionParamsSchema.safeParse({ org: 'demo', connectionId: id }).success).toBe(false);
    expect(chargingSessionParamsSchema.safeParse({ org: 'demo', vehicleId: 'veh_1', sessionId: id }).success).toBe(false);
  });

  it('still accepts the upstream’s ids', () => {
    expect(vehicleParamsSchema.safeParse({ org: 'demo', vehicleId: 'veh_01HX.a:b-c' }).success).toBe(true);
    expect(accountParamsSchema.safeParse({ org: 'demo', accountId: 'acc_1' }).success).toBe(true);
  });

  it('takes only uuids as member ids (a 400, not a database error)', () => {
    expect(memberParamsSchema.safeParse({ org: 'demo', userId: 'not-a-uuid' }).success).toBe(false);
    expect(memberParamsSchema.safeParse({ org: 'demo', userId: '..' }).success).toBe(false);
    expect(memberParamsSchema.safeParse({ org: 'demo', userId: '0b0e4a4e-4d6f-4a57-9c1e-3f1f7c2b9a10' }).success).toBe(true);
  });
});
