import { describe, expect, it } from 'vitest';
import { ELIGIBILITY_RESULT_STATUS, isSettledGroup, lookOf, summarizeCounts } from './statuses';

describe('eligibility statuses', () => {
  it('summarizes counts into eligible, not eligible and other', () => {
    expect(summarizeCounts({ ELIGIBLE: 412, INELIGIBLE: 50, INELIGIBLE_PENDING_FAILURE_REASON: 10, FAILED: 20, NOT_SUPPORTED: 8 })).toBe(
      '412 eligible · 60 not eligible · 28 other',
    );
    expect(summarizeCounts({})).toBe('0 eligible · 0 not eligible');
  });

  it('counts a group as settled once completed or failed, and not before', () => {
    expect(isSettledGroup('COMPLETED')).toBe(true);
    expect(isSettledGroup('FAILED')).toBe(true);
    expect(['CREATED', 'PROCESSING', 'NEW_THING', '', null, undefined].map(isSettledGroup)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('shows an unknown status as itself, in grey', () => {
    expect(lookOf(ELIGIBILITY_RESULT_STATUS, 'NEW_THING')).toEqual({ tone: 'neutral', text: 'NEW_THING' });
    expect(lookOf(ELIGIBILITY_RESULT_STATUS, 'ELIGIBLE').tone).toBe('success');
  });
});
