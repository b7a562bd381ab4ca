import { describe, expect, it } from 'vitest';
import { formatRemaining } from './explain';
import { displayStatus } from './link-filters';

describe('link display', () => {
  const expiresAt = '2026-06-01T13:00:00.000Z';
  const at = (iso: string) => Date.parse(iso);

  it('shows a pending link as expired from its expiry on, and never changes a settled one', () => {
    expect(displayStatus({ status: 'PENDING', expiresAt }, at('2026-06-01T12:59:59.999Z'))).toBe('PENDING');
    expect(displayStatus({ status: 'PENDING', expiresAt }, at(expiresAt))).toBe('EXPIRED');
    expect(displayStatus({ status: 'COMPLETED', expiresAt }, at('2026-06-01T15:00:00Z'))).toBe('COMPLETED');
  });

  it('counts down in minutes and seconds, rounding up, and stops at the expiry', () => {
    expect(formatRemaining(expiresAt, at('2026-06-01T12:00:00Z'))).toBe('60:00');
    expect(formatRemaining(expiresAt, at('2026-06-01T12:58:59.500Z'))).toBe('1:01');
    expect(formatRemaining(expiresAt, at('2026-06-01T12:59:59.001Z'))).toBe('0:01');
    expect(formatRemaining(expiresAt, at(expiresAt))).toBeNull();
  });
});
