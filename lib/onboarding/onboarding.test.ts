import { describe, expect, it } from 'vitest';
import { latestTelemetryTime, onboardingState, stuckLongerThan, type OnboardingLink } from './onboarding';

const base: OnboardingLink = {
  status: 'PENDING',
  createdAt: '2026-11-01T10:00:00.000Z',
  expiresAt: '2026-11-01T11:00:00.000Z',
  completedAt: null,
  errorCode: null,
  accountId: null,
};

describe('onboarding stages', () => {
  it('follows a link from creation to first telemetry, stuck until the data comes', () => {
    expect(onboardingState(base, null)).toMatchObject({ stage: 'link_created', since: base.createdAt, stuck: true });
    const done = { ...base, status: 'COMPLETED' as const, completedAt: '2026-11-01T10:20:00.000Z', accountId: 'acc_1' };
    expect(onboardingState(done, { vehicleCount: 0, telemetryAt: null })).toMatchObject({ stage: 'account_confirmed', stuck: true });
    expect(onboardingState(done, null).nextStep).toMatch(/could not be checked/);
    const noData = onboardingState(done, { vehicleCount: 2, telemetryAt: null });
    expect(noData).toMatchObject({ stage: 'vehicles_appeared', since: done.completedAt, stuck: true });
    expect(noData.nextStep).toMatch(/enable remote access/);
    expect(onboardingState(done, { vehicleCount: 2, telemetryAt: '2026-11-01T10:25:00.000Z' })).toMatchObject({
      stage: 'first_telemetry',
      since: '2026-11-01T10:25:00.000Z',
      stuck: false,
    });
  });

  it('shows an expired link as stuck since its expiry, with a new link as the next step', () => {
    const state = onboardingState({ ...base, status: 'EXPIRED' }, null);
    expect(state).toMatchObject({ stage: 'link_expired', since: base.expiresAt, stuck: true });
    expect(state.nextStep).toMatch(/Create a new link/);
    expect(stuckLongerThan(state, 2, Date.parse('2026-11-01T14:00:00Z'))).toBe(true);
    expect(stuckLongerThan(state, 4, Date.parse('2026-11-01T14:00:00Z'))).toBe(false);
  });

  it('names the refusal code of a refused consent', () => {
    const state = onboardingState({ ...base, status: 'FAILED', errorCode: 'access_denied', completedAt: '2026-11-01T10:05:00.000Z' }, null);
    expect(state).toMatchObject({ stage: 'consent_refused', since: '2026-11-01T10:05:00.000Z' });
    expect(state.nextStep).toContain('access_denied');
  });

  it('moves to "vehicle disconnected" on a disconnection newer than the last data, and back once data or a connection comes', () => {
    const done = { ...base, status: 'COMPLETED' as const, completedAt: '2026-11-01T10:20:00.000Z', accountId: 'acc_1' };
    const seen = '2026-11-01T10:25:00.000Z';
    const off = { status: 'DISCONNECTED' as const, at: '2026-11-01T12:00:00.000Z' };
    const state = onboardingState(done, { vehicleCount: 1, telemetryAt: seen, connection: off });
    expect(state).toMatchObject({ stage: 'vehicle_disconnected', since: off.at, stuck: true });
    expect(state.nextStep).toMatch(/withdrew consent/);
    // Before any data, too.
    expect(onboardingState(done, { vehicleCount: 1, telemetryAt: null, connection: off }).stage).toBe('vehicle_disconnected');
    // Data newer than the disconnection: it reconnected.
    const later = '2026-11-01T12:30:00.000Z';
    expect(onboardingState(done, { vehicleCount: 1, telemetryAt: later, connection: off })).toMatchObject({
      stage: 'first_telemetry',
      since: later,
    });
    // Connected again (device.connected), no data yet: waiting for the first data.
    const on = { status: 'CONNECTED' as const, at: '2026-11-01T13:00:00.000Z' };
    expect(onboardingState(done, { vehicleCount: 1, telemetryAt: null, connection: on }).stage).toBe('vehicles_appeared');
  });

  it('counts a reconnection completed after the disconnection as connected again', () => {
    const off = { status: 'DISCONNECTED' as const, at: '2026-11-01T12:00:00.000Z' };
    const renewed = { ...base, status: 'COMPLETED' as const, completedAt: '2026-11-01T12:10:00.000Z', accountId: 'acc_1' };
    expect(onboardingState(renewed, { vehicleCount: 1, telemetryAt: null, connection: off })).toMatchObject({
      stage: 'vehicles_appeared',
      since: renewed.completedAt,
    });
    // A consent older than the disconnection does not.
    const older = { ...renewed, completedAt: '2026-11-01T11:50:00.000Z' };
    expect(onboardingState(older, { vehicleCount: 1, telemetryAt: null, connection: off }).stage).toBe('vehicle_disconnected');
  });

  it('never counts a finished item as stuck', () => {
    expect(stuckLongerThan({ stuck: false, since: '2020-01-01T00:00:00Z' }, 0)).toBe(false);
  });

  it('reads the newest time of a telemetry payload', () => {
    expect(
      latestTelemetryTime({ odometer: { value: 1, timestamp: '2026-11-01T10:00:00Z' }, security: { timestamp: '2026-11-01T11:00:00Z' } }),
    ).toBe('2026-11-01T11:00:00.000Z');
    expect(latestTelemetryTime({ id: 'x' })).toBeNull();
  });
});
