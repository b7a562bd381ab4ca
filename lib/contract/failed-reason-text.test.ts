import { describe, expect, it } from 'vitest';
import { FAILED_REASONS } from '@/lib/contract/vehicle-api';
import { explainFailedReason, FAILED_REASON_TEXT } from './failed-reason-text';

describe('explainFailedReason', () => {
  it('has plain words and a next step for every code of the contract', () => {
    expect(Object.keys(FAILED_REASON_TEXT).sort()).toEqual([...FAILED_REASONS].sort());
    for (const code of FAILED_REASONS) {
      const text = explainFailedReason(code);
      expect(text.known).toBe(true);
      expect(text.title.length).toBeGreaterThan(10);
      expect(text.nextStep.length).toBeGreaterThan(10);
    }
  });

  it('tells the offline vehicle to wake up', () => {
    expect(explainFailedReason('OEM_VEHICLE_OFFLINE').nextStep).toMatch(/Wake it up/);
  });

  it('shows a free-text reason as it came', () => {
    expect(explainFailedReason('Door handle frozen')).toEqual({ title: 'Door handle frozen', nextStep: expect.any(String), known: false });
  });
});
