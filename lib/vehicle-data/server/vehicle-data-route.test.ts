import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@/lib/auth/permissions';
import { isForcedRead, single, upstreamMeta } from './vehicle-data-route';

const call = { requestId: 'req_1', durationMs: 12.5, raw: { stateOfCharge: { value: 80 } } };

describe('the upstream envelope of the data routes', () => {
  it('gives every role that may read raw payloads the request id, the duration and the exact body', () => {
    for (const role of ROLES) expect(upstreamMeta(role, call)).toEqual({ requestId: 'req_1', durationMs: 12.5, raw: call.raw });
  });

  it('leaves the body out for a role without raw.read, keeping the request id for support tickets', () => {
    // No role lacks raw.read today; an unknown role stands for one that would.
    expect(upstreamMeta('guest' as Role, call)).toEqual({ requestId: 'req_1', durationMs: 12.5 });
  });

  it('says null rather than leaving out what the call did not report', () => {
    expect(upstreamMeta('support', {})).toEqual({ requestId: null, durationMs: null, raw: null });
  });

  it('puts a single response under its name', () => {
    expect(single('telemetry', { data: { id: 'v' }, ...call })).toEqual({
      data: { telemetry: { id: 'v' } },
      call: { data: { id: 'v' }, ...call },
    });
  });
});

describe('a read a person forced', () => {
  it('is one whose request says Cache-Control: no-cache, alone or among other directives', () => {
    expect(isForcedRead(new Headers({ 'Cache-Control': 'no-cache' }))).toBe(true);
    expect(isForcedRead(new Headers({ 'cache-control': 'max-age=0, No-Cache' }))).toBe(true);
    expect(isForcedRead(new Headers({ 'Cache-Control': 'max-age=0' }))).toBe(false);
    expect(isForcedRead(new Headers({ 'Cache-Control': 'no-cache-please' }))).toBe(false);
    expect(isForcedRead(new Headers())).toBe(false);
  });
});
