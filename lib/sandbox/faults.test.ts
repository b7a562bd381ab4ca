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
