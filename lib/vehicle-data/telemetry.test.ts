import { describe, expect, it } from 'vitest';
import { otherSignals } from './telemetry';

describe('other telemetry signals', () => {
  it('lists measurements, object fields and unknown blocks that the key cards do not show', () => {
    const signals = otherSignals({
      id: 'veh_1',
      stateOfCharge: { value: 80, unit: '%', timestamp: 't1' },
      speed: { value: 0, unit: 'm/s', timestamp: 't1' },
      chargingState: { chargingState: 'CHARGING', chargePortDoorOpen: true, chargePortLatch: 'ENGAGED', timestamp: 't2' },
      security: { locked: true, frontTrunk: 'CLOSED', timestamp: 't3' },
      vehicleName: { value: 'Van 7', unit: null, timestamp: null },
      batteryHealth: 0.97,
      tirePressure: { frontLeftTire: 240, unit: 'kPa', timestamp: 't4' },
    });
    expect(signals).toEqual([
      { key: 'speed', label: 'Speed', value: 0, unit: 'm/s', timestamp: 't1' },
      { key: 'chargingState.chargePortLatch', label: 'Charging state: charge port latch', value: 'ENGAGED', unit: null, timestamp: 't2' },
      { key: 'security.frontTrunk', label: 'Security: front trunk', value: 'CLOSED', unit: null, timestamp: 't3' },
      { key: 'vehicleName', label: 'Vehicle name', value: 'Van 7', unit: null, timestamp: null },
      { key: 'batteryHealth', label: 'Battery health', value: 0.97, unit: null, timestamp: null },
    ]);
  });

  it('shows a nested value it cannot flatten as JSON rather than dropping it', () => {
    expect(otherSignals({ diagnostics: { codes: ['P0001'] } })).toEqual([
      { key: 'diagnostics.codes', label: 'Diagnostics: codes', value: '["P0001"]', unit: null, timestamp: null },
    ]);
  });
});
