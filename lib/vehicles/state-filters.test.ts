import { describe, expect, it } from 'vitest';
import { describeStateFilters, hasStateFilters, readStateFilters, writeStateFilters } from './state-filters';

describe('state filters', () => {
  it('reads "battery health below N%" from the URL, ignoring a value out of 1..100, and writes it back', () => {
    const read = (query: string) => readStateFilters(new URLSearchParams(query));
    expect(read('healthBelow=90').healthBelow).toBe(90);
    expect(read('healthBelow=0').healthBelow).toBeUndefined();
    expect(read('healthBelow=101').healthBelow).toBeUndefined();
    expect(read('healthBelow=9.5').healthBelow).toBeUndefined();
    expect(hasStateFilters(read('healthBelow=90'))).toBe(true);
    expect(writeStateFilters({ healthBelow: 88 }).healthBelow).toBe('88');
    expect(writeStateFilters({}).healthBelow).toBeUndefined();
  });

  it('names the filter in words for its chip', () => {
    expect(describeStateFilters({ healthBelow: 90, socBelow: 20 })).toEqual([
      { param: 'socBelow', label: 'Charge below 20%' },
      { param: 'healthBelow', label: 'Battery health below 90%' },
    ]);
  });
});
