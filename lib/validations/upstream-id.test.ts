import { describe, expect, it } from 'vitest';
import { upstreamId } from './route-params';
import { isUpstreamId } from './upstream-id';

describe('isUpstreamId', () => {
  it('answers as the upstreamId schema does', () => {
    const samples = ['abc', 'A', 'veh_1', 'a.b:c_d-e', '9', '', '-abc', '.x', 'a/b', '../x', 'a b', '<x>', 'é', 'a'.repeat(128), 'a'.repeat(129), 'x\n'];
    for (const value of samples) expect(isUpstreamId(value), JSON.stringify(value)).toBe(upstreamId.safeParse(value).success);
    expect(samples.filter(isUpstreamId)).toEqual(['abc', 'A', 'veh_1', 'a.b:c_d-e', '9', 'a'.repeat(128)]);
  });
});
