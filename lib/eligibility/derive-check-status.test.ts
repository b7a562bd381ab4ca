import { describe, expect, it } from 'vitest';
import { deriveCheckStatus } from './derive-check-status';

describe('deriveCheckStatus', () => {
  it('keeps the status of the 202 answer while no result exists (an empty check answers {"totalResults": 0})', () => {
    expect(deriveCheckStatus({}, 3, 'CREATED')).toBe('CREATED');
    expect(deriveCheckStatus({ PENDING: 3 }, 3, 'CREATED')).toBe('CREATED');
  });

  it('is PROCESSING once a VIN was submitted or answered and others are still open', () => {
    expect(deriveCheckStatus({ PENDING: 2, SUBMITTED: 1 }, 3, 'CREATED')).toBe('PROCESSING');
    expect(deriveCheckStatus({ ELIGIBLE: 2, PENDING: 1 }, 3, 'CREATED')).toBe('PROCESSING');
  });

  it('is PROCESSING while fewer results than VINs sent came back, even if none is open', () => {
    expect(deriveCheckStatus({ ELIGIBLE: 2 }, 3, 'CREATED')).toBe('PROCESSING');
  });

  it('is COMPLETED when every VIN has a settled result, whatever the verdicts', () => {
    expect(deriveCheckStatus({ ELIGIBLE: 1, INELIGIBLE: 1, NOT_SUPPORTED: 1 }, 3, 'PROCESSING')).toBe('COMPLETED');
    expect(deriveCheckStatus({ ELIGIBLE: 1, FAILED: 2 }, 3, 'PROCESSING')).toBe('COMPLETED');
    expect(deriveCheckStatus({ SOMETHING_NEW: 3 }, 3, 'PROCESSING')).toBe('COMPLETED');
  });

  it('is FAILED when every VIN failed', () => {
    expect(deriveCheckStatus({ FAILED: 3 }, 3, 'PROCESSING')).toBe('FAILED');
  });
});
