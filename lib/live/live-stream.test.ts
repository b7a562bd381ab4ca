import { describe, expect, it } from 'vitest';
import { commandKeys } from '@/lib/commands/query-keys';
import { resyncKeys } from './live-keys';
import { keysToReadOnOpen, reconnectDelayMs } from './live-stream';

describe('reconnectDelayMs', () => {
  it('doubles from about a second to at most about thirty, spread ±20 %', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((attempt) => reconnectDelayMs(attempt, () => 0.5))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
    expect(reconnectDelayMs(1, () => 0)).toBe(800);
    expect(reconnectDelayMs(1, () => 1)).toBe(1_200);
  });
});

describe('keysToReadOnOpen', () => {
  const followed = () => [['followed']];
  it('reads the followed queries on the first open and on a reopen that resumes after its last event', () => {
    expect(keysToReadOnOpen('acme', { reopened: false, resuming: false }, followed)).toEqual([['followed']]);
    expect(keysToReadOnOpen('acme', { reopened: true, resuming: true }, followed)).toEqual([['followed']]);
  });
  it('reads everything notices keep fresh on a reopen that cannot resume, whether those queries poll or not', () => {
    const keys = keysToReadOnOpen('acme', { reopened: true, resuming: false }, followed);
    expect(keys).toEqual(resyncKeys('acme'));
    expect(keys).toContainEqual(commandKeys.all('acme'));
  });
});
