import { describe, expect, it } from 'vitest';
import type { VehicleApi } from '@/lib/vehicle-api';
import { fleetSummary, MAX_SUMMARIES } from './get-fleet-summary';

describe('fleet summaries in memory', () => {
  it('keeps at most MAX_SUMMARIES organizations: the oldest is computed again', () => {
    let calls = 0;
    // A summary still being computed is held like a finished one.
    const api = { listAccounts: () => (calls++, new Promise(() => {})) } as unknown as VehicleApi;
    const now = Date.now();
    void fleetSummary('org-first', api, now);
    void fleetSummary('org-first', api, now);
    expect(calls).toBe(1);
    for (let i = 0; i < MAX_SUMMARIES; i++) void fleetSummary(`org-${i}`, api, now);
    void fleetSummary('org-first', api, now);
    expect(calls).toBe(MAX_SUMMARIES + 2);
  });
});
