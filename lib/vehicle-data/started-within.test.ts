import { describe, expect, it } from 'vitest';
import { startedWithin } from './started-within';

describe('startedWithin', () => {
  it('is the contract filter on the named start field, with only the bounds given', () => {
    expect(startedWithin('startedAt', '2026-11-01T00:00:00Z', '2026-11-30T00:00:00Z')).toEqual([
      { field: 'startedAt', operator: '>=', value: '2026-11-01T00:00:00Z' },
      { field: 'startedAt', operator: '<=', value: '2026-11-30T00:00:00Z' },
    ]);
    expect(startedWithin('startTimestamp', '2026-11-01T00:00:00Z')).toEqual([
      { field: 'startTimestamp', operator: '>=', value: '2026-11-01T00:00:00Z' },
    ]);
    expect(startedWithin('startedAt')).toBeUndefined();
  });
});
