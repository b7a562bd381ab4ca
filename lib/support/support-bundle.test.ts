import { describe, expect, it } from 'vitest';
import {
  REDACTED,
  redactArguments,
  redactSecrets,
  summarizeTelemetry,
  supportBundleFileName,
  summarizeCommandEvent,
} from './support-bundle';

describe('support bundle redaction', () => {
  it('replaces every field named like a secret, token, password, cookie or email, however deep', () => {
    const input = {
      id: 'veh-1',
      clientSecret: 's3cr3t',
      nested: [{ access_token: 'a', refreshToken: 'r', requestId: 'req-1', Cookie: 'c' }],
      owner: { email: 'owner@example.com', password: 'p', apiKey: 'k' },
    };
    const out = redactSecrets(input);
    expect(out).toEqual({
      id: 'veh-1',
      clientSecret: REDACTED,
      nested: [{ access_token: REDACTED, refreshToken: REDACTED, requestId: 'req-1', Cookie: REDACTED }],
      owner: { email: REDACTED, password: REDACTED, apiKey: REDACTED },
    });
    expect(JSON.stringify(out)).not.toMatch(/s3cr3t|owner@example\.com/);
    // A copy: the input is left as it was.
    expect(input.clientSecret).toBe('s3cr3t');
  });

  it('keeps numbers and booleans of command arguments and drops their text', () => {
    expect(redactArguments({ limit: 80, on: true, name: 'Alice’s car' })).toEqual({ limit: 80, on: true, name: REDACTED });
    expect(redactArguments(null)).toBeNull();
  });

  it('summarises telemetry without coordinates or free text', () => {
    const summary = summarizeTelemetry({
      id: 'tel-1',
      stateOfCharge: { value: 71, unit: 'PERCENT', timestamp: '2026-11-01T10:00:00Z' },
      location: { latitude: 48.85, longitude: 2.35, timestamp: '2026-11-01T09:59:00Z' },
      security: { locked: true, timestamp: '2026-11-01T09:00:00Z', frontLeftDoor: 'CLOSED' },
      vehicleName: { value: 'Alice’s car', timestamp: '2026-11-01T09:00:00Z' },
      metadata: { accountId: 'acc-1' },
    });
    expect(summary).toEqual({
      stateOfCharge: { value: 71, unit: 'PERCENT', timestamp: '2026-11-01T10:00:00Z' },
      location: { reported: true, timestamp: '2026-11-01T09:59:00Z' },
      security: { locked: true, timestamp: '2026-11-01T09:00:00Z', frontLeftDoor: 'CLOSED' },
      vehicleName: { timestamp: '2026-11-01T09:00:00Z' },
    });
    expect(JSON.stringify(summary)).not.toMatch(/48\.85|Alice/);
    expect(summarizeTelemetry(null)).toEqual({});
  });

  it('names the file after the vehicle and the time, in characters safe for a file name', () => {
    expect(supportBundleFileName({ vehicleId: 'a/b c', generatedAt: '2026-11-01T10:00:00.000Z' })).toBe(
      'support-bundle-a_b_c-2026-11-01T10-00-00-000Z.json',
    );
  });

  it('keeps of a received command event its ids, status, failure code and times, and none of its text', () => {
    const summary = summarizeCommandEvent({
      type: 'command.updated',
      timestamp: '2026-11-29T10:00:00Z',
      data: {
        id: 'exe_1',
        deviceId: 'veh_1',
        status: 'FAILED',
        failedReason: 'OEM_VEHICLE_OFFLINE',
        message: 'Could not reach Jane Doe’s car at 12 Elm Street',
        updatedAt: '2026-11-29T10:00:01Z',
        vehicle: { name: 'Jane’s car', location: { latitude: 52.1, longitude: 4.3 } },
      },
    });
    expect(summary).toEqual({
      type: 'command.updated',
      timestamp: '2026-11-29T10:00:00Z',
      data: {
        id: 'exe_1',
        deviceId: 'veh_1',
        status: 'FAILED',
        failedReason: 'OEM_VEHICLE_OFFLINE',
        createdAt: null,
        updatedAt: '2026-11-29T10:00:01Z',
      },
    });
    expect(JSON.stringify(summarizeCommandEvent({ type: 'x', data: { failedReason: 'free text here' } }))).not.toContain('free text');
    expect(summarizeCommandEvent('not an object')).toEqual({});
  });
});
