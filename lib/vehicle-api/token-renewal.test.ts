import { describe, expect, it } from 'vitest';
import { createVehicleApi } from './api';
import { createFakeUpstream, json } from './fake-upstream.test-support';
import { isTokenFresh, renewalMarginMs } from './token-renewal';

const issued = (lifetimeSeconds: number) => ({ accessToken: 'a', obtainedAt: 1_000_000, expiresAt: 1_000_000 + lifetimeSeconds * 1000 });

describe('the early-renewal margin', () => {
  it('is a fifth of a 45 s token: 9 s, leaving it 36 s of use', () => {
    const token = issued(45);
    expect(renewalMarginMs(token)).toBe(9_000);
    expect(isTokenFresh(token, 1_000_000 + 35_999)).toBe(true);
    expect(isTokenFresh(token, 1_000_000 + 36_000)).toBe(false);
  });

  it('is 30 s for a 3,600 s token', () => {
    const token = issued(3_600);
    expect(renewalMarginMs(token)).toBe(30_000);
    expect(isTokenFresh(token, 1_000_000 + 3_569_999)).toBe(true);
    expect(isTokenFresh(token, 1_000_000 + 3_570_000)).toBe(false);
  });

  it('falls back to the maximum when the lifetime is not known', () => {
    expect(renewalMarginMs({ expiresAt: 2_000_000 })).toBe(30_000);
  });

  it('makes one token request per 45 s lifetime over a 136 s session (the fixed margin made 9)', async () => {
    let clock = 1_000_000;
    const upstream = createFakeUpstream({ ttlSeconds: 45 });
    upstream.on('GET /v1/rate-limits', () => json([]));
    const api = createVehicleApi({
      baseUrl: 'http://upstream.test',
      clientId: 'c',
      clientSecret: 's',
      fetch: upstream.fetch,
      now: () => clock,
    });
    for (let second = 0; second <= 136; second += 4) {
      clock = 1_000_000 + second * 1000;
      await api.getRateLimits(`veh_${second}`);
    }
    // Renewed at 36 s of each 45 s token: 0, 36, 72, 108 (the fixed 30 s margin renewed every 15 s).
    expect(upstream.tokenCalls()).toHaveLength(4);
  });
});
