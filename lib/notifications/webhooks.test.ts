import { describe, expect, it } from 'vitest';
import { DISABLE_AFTER, MAX_DELIVERY_ATTEMPTS, isSustainedFailure, retryDelayMs, rotateSecretWarning } from './webhooks';

const HOUR = 3_600_000;

describe('the retry schedule', () => {
  it('backs off exponentially from 10 seconds, capped at 8 hours, and gives up after the 8th attempt', () => {
    const noJitter = () => 0;
    const delays = Array.from({ length: MAX_DELIVERY_ATTEMPTS }, (_, i) => retryDelayMs(i + 1, noJitter));
    expect(delays).toEqual([10_000, 40_000, 160_000, 640_000, 2_560_000, 10_240_000, 8 * HOUR, null]);
    const total = (delays.filter((d) => d !== null) as number[]).reduce((a, b) => a + b, 0);
    expect(total / HOUR).toBeGreaterThan(10);
    expect(total / HOUR).toBeLessThan(24);
  });

  it('adds at most 10 % jitter, never less than the schedule', () => {
    expect(retryDelayMs(1, () => 0.999)).toBe(Math.round(10_000 * 1.0999));
    for (let i = 0; i < 50; i++) {
      const d = retryDelayMs(3)!;
      expect(d).toBeGreaterThanOrEqual(160_000);
      expect(d).toBeLessThanOrEqual(176_000);
    }
  });
});

describe('sustained failure', () => {
  const now = new Date('2026-11-29T12:00:00Z');
  const since = (hours: number) => new Date(now.getTime() - hours * HOUR);

  it('needs both enough failures in a row and a long enough run of them', () => {
    expect(isSustainedFailure({ consecutiveFailures: DISABLE_AFTER.failures, failingSince: since(25) }, now)).toBe(true);
    expect(isSustainedFailure({ consecutiveFailures: DISABLE_AFTER.failures - 1, failingSince: since(72) }, now)).toBe(false);
    expect(isSustainedFailure({ consecutiveFailures: 500, failingSince: since(23) }, now)).toBe(false);
    expect(isSustainedFailure({ consecutiveFailures: 500, failingSince: null }, now)).toBe(false);
  });
});

describe('the rotate-secret warning', () => {
  it('says the overlap the operator configured, not a default', () => {
    expect(rotateSecretWarning(24)).toContain('for 24 hours with the current one too');
    expect(rotateSecretWarning(6)).toContain('for 6 hours with the current one too');
    expect(rotateSecretWarning(6)).not.toContain('24');
    expect(rotateSecretWarning(1)).toContain('for 1 hour with the current one too');
  });

  it('says the current secret stops at once when the overlap is off (0)', () => {
    expect(rotateSecretWarning(0)).toContain('the current one stops at once');
    expect(rotateSecretWarning(0)).not.toContain('current one too');
  });
});
