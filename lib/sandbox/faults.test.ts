import { describe, expect, it } from 'vitest';
import { FaultInjector, faultSpecSchema } from './faults';

const always = () => 0;
const list = '/v1/vehicles/veh_1/charging-history';
const params = (query: Record<string, string>) => new URLSearchParams(query);

describe('FaultInjector, a fault bound to a query', () => {
  it('spares requests that do not carry every parameter with its value, and fires once for one that does', () => {
    const faults = new FaultInjector(always);
    faults.inject({ kind: 'method_not_allowed', method: 'GET', path: list, query: { maxPageSize: '7' }, times: 1 });
    // The background gathering's walk of the same list, and a read that gives no page size.
    expect(faults.take('GET', list, params({ maxPageSize: '100', filter: '[{"field":"startedAt"}]' }))).toEqual([]);
    expect(faults.take('GET', list)).toEqual([]);
    expect(faults.take('GET', list, params({ maxPageSize: '70' }))).toEqual([]);
    const fired = faults.take('GET', list, params({ maxPageSize: '7', filter: '[]' }));
    expect(fired.map((f) => f.kind)).toEqual(['method_not_allowed']);
    expect(faults.take('GET', list, params({ maxPageSize: '7' }))).toEqual([]);
  });

  it('asks every parameter it names', () => {
    const faults = new FaultInjector(always);
    faults.inject({ kind: 'server_error', query: { maxPageSize: '7', pageToken: 'p2' } });
    expect(faults.take('GET', list, params({ maxPageSize: '7' }))).toEqual([]);
    expect(faults.take('GET', list, params({ pageToken: 'p2' }))).toEqual([]);
    expect(faults.take('GET', list, params({ pageToken: 'p2', maxPageSize: '7' }))).toHaveLength(1);
  });

  it('takes only parameters named by text with text values', () => {
    expect(faultSpecSchema.safeParse({ kind: 'server_error', query: { maxPageSize: '7' } }).success).toBe(true);
    expect(faultSpecSchema.safeParse({ kind: 'server_error', query: { maxPageSize: 7 } }).success).toBe(false);
    expect(faultSpecSchema.safeParse({ kind: 'server_error', query: { '': '7' } }).success).toBe(false);
    expect(faultSpecSchema.safeParse({ kind: 'server_error', query: 'maxPageSize=7' }).success).toBe(false);
  });
});

describe('FaultInjector, one fault taken back by its id', () => {
  it('removes the fault named and leaves the others, however alike', () => {
    const faults = new FaultInjector(always);
    const mine = faults.inject({ kind: 'server_error', method: 'GET', path: list, times: 1 });
    const theirs = faults.inject({ kind: 'server_error', method: 'GET', path: list, times: 1 });
    expect(mine).not.toBe(theirs);
    expect(faults.remove(mine)).toBe(true);
    // The other test's fault is still there for its own request, and only once.
    expect(faults.take('GET', list)).toHaveLength(1);
    expect(faults.take('GET', list)).toEqual([]);
  });

  it('answers false for a fault used up, already removed or never injected, removing nothing', () => {
    const faults = new FaultInjector(always);
    const used = faults.inject({ kind: 'not_found', path: list, times: 1 });
    const other = faults.inject({ kind: 'latency', latencyMs: 1, pathPrefix: '/v1/accounts' });
    expect(faults.take('GET', list)).toHaveLength(1);
    expect(faults.remove(used)).toBe(false);
    expect(faults.remove('flt_nope')).toBe(false);
    expect(faults.remove(other)).toBe(true);
    expect(faults.remove(other)).toBe(false);
    expect(faults.take('GET', '/v1/accounts')).toEqual([]);
  });

  it('never hands out an id again, not even from another injector (a sandbox reset builds a new one)', () => {
    const first = new FaultInjector(always);
    const afterReset = new FaultInjector(always);
    const before = first.inject({ kind: 'server_error', times: 1 });
    const after = afterReset.inject({ kind: 'server_error', times: 1 });
    expect(after).not.toBe(before);
    expect(afterReset.remove(before)).toBe(false);
    expect(afterReset.take('GET', list)).toHaveLength(1);
  });
});
