import { describe, expect, it } from 'vitest';
import { reconnectDelayMs } from './live-stream';

describe('reconnectDelayMs', () => {
  it('doubles from about a second to at most about thirty, spread ±20 %', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((attempt) => reconnectDelayMs(attempt, () => 0.5))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
    expect(reconnectDelayMs(1, () => 0)).toBe(800);
    expect(reconnectDelayMs(1, () => 1)).toBe(1_200);
  });
});
