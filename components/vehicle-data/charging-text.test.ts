import { describe, expect, it } from 'vitest';
import type { ChargingSession } from '@/lib/vehicle-data/types';
import { lossText, socText } from './charging-text';

/** A session as the client reads it, with only the figures a case needs (the rest left out). */
const session = (figures: Partial<ChargingSession>) => ({ id: 'c1', ...figures }) as ChargingSession;

describe('a charging session in words', () => {
  it('shows a state of charge the vendor sent as no number as it came, next to one that was a number', () => {
    expect(socText(session({ startStateOfCharge: 'n/a', endStateOfCharge: 80 }))).toBe('n/a → 80 %');
    expect(lossText(session({ kwhFromGrid: 'n/a', kwhInHvb: 40 }))).toBe('—');
  });
});
