import { describe, expect, it } from 'vitest';
import { fleetDotState, LOW_CHARGE_PERCENT } from './points';

describe('a vehicle’s dot on the fleet map', () => {
  it('is stale when the position is stale, whatever the charge', () => {
    expect(fleetDotState({ stale: true, stateOfCharge: 5 })).toBe('stale');
    expect(fleetDotState({ stale: true, stateOfCharge: 90 })).toBe('stale');
    expect(fleetDotState({ stale: true, stateOfCharge: null })).toBe('stale');
  });

  it('is low below the low charge, and fine from it up', () => {
    expect(fleetDotState({ stale: false, stateOfCharge: LOW_CHARGE_PERCENT - 0.5 })).toBe('low');
    expect(fleetDotState({ stale: false, stateOfCharge: 0 })).toBe('low');
    expect(fleetDotState({ stale: false, stateOfCharge: LOW_CHARGE_PERCENT })).toBe('fine');
    expect(fleetDotState({ stale: false, stateOfCharge: 80 })).toBe('fine');
  });

  it('is fine when the charge is unknown', () => {
    expect(fleetDotState({ stale: false, stateOfCharge: null })).toBe('fine');
  });
});
