import { describe, expect, it } from 'vitest';
import { paramFilterBar, type ParamFilter } from './param-filters';

const FILTERS: ParamFilter[] = [
  { param: 'state', label: 'Outcome', kind: 'choice', options: [{ value: 'failed', label: 'Failed' }] },
  { param: 'user', label: 'Sent by', kind: 'text' },
  { param: 'from', label: 'From', kind: 'datetime' },
  { param: 'stuck', label: 'Stuck (hours)', kind: 'number', min: 0, max: 10, words: (h) => `Stuck for more than ${h} h` },
];

describe('paramFilterBar (filters that are plain URL parameters)', () => {
  it('makes a chip in words for each parameter set, in the order of the filters, and offers every filter in the menu', () => {
    const bar = paramFilterBar({
      idPrefix: 't',
      filters: FILTERS,
      values: { stuck: '2', state: 'failed', user: '', from: '2026-11-24T17:02' },
      onChange: () => {},
    });
    expect(bar.active.map((f) => f.words)).toEqual(['Outcome: Failed', 'From: 2026-11-24 17:02', 'Stuck for more than 2 h']);
    expect(bar.choices.map((c) => c.label)).toEqual(['Outcome…', 'Sent by…', 'From…', 'Stuck (hours)…']);
  });

  it('removes a filter by setting its parameter to null', () => {
    const changes: [string, string | null][] = [];
    const bar = paramFilterBar({ idPrefix: 't', filters: FILTERS, values: { user: 'a@b.test' }, onChange: (p, v) => changes.push([p, v]) });
    bar.active[0].remove();
    expect(changes).toEqual([['user', null]]);
  });
});
