import { describe, expect, it } from 'vitest';
import { consentMissingMessage, consentScopeOf } from './consent-scopes';

describe('consent scopes per endpoint', () => {
  it('names the scope each vehicle endpoint needs, as the vendor publishes it', () => {
    expect(consentScopeOf('/v1/vehicles/{vehicleId}/options')).toBe('vehicle:information');
    expect(consentScopeOf('/v1/vehicles/{vehicleId}/specifications')).toBe('vehicle:information');
    expect(consentScopeOf('/v1/vehicles/{vehicleId}/telemetry')).toBe('vehicle:telemetry');
    expect(consentScopeOf('/v1/vehicles/{vehicleId}/journeys')).toBe('vehicle:telemetry');
    expect(consentScopeOf('/v1/vehicles/{vehicleId}/state-of-health')).toBe('vehicle:telemetry');
    expect(consentScopeOf('/v1/vehicles/{vehicleId}/range')).toBe('vehicle:telemetry');
    expect(consentScopeOf('/v1/vehicles/{vehicleId}/listening-audit')).toBeNull();
    expect(consentScopeOf('/v1/vehicles/{vehicleId}/maintenance/services')).toBe('vehicle:telemetry');
    expect(consentScopeOf('/v1/vehicles/{vehicleId}/maintenance/tires/historic')).toBe('vehicle:telemetry');
    expect(consentScopeOf('/v1/vehicles/{vehicleId}/maintenance/manufacturer-alerts/current')).toBe('vehicle:telemetry');
    expect(consentScopeOf('/v1/vehicles/{vehicleId}/charging-history')).toBe('vehicle:charging_history');
    expect(consentScopeOf('/v1/vehicles/{vehicleId}/charging-history/{sessionId}')).toBe('vehicle:charging_history');
    expect(consentScopeOf('/v1/vehicles/{vehicleId}/departure-times')).toBe('vehicle:charging_history');
    expect(consentScopeOf('/v1/vehicles/{vehicleId}/command-executions/{executionId}')).toBe('vehicle:commands');
  });

  it('needs no consent scope for the organization-wide endpoints', () => {
    for (const path of ['/v1/vehicles', '/v1/vehicles/{vehicleId}', '/v1/accounts', '/v1/rate-limits', '/v1/oauth2/token'])
      expect(consentScopeOf(path)).toBeNull();
  });

  it('says which grant is missing in words', () => {
    expect(consentMissingMessage('vehicle:information')).toBe("This vehicle's owner did not grant vehicle information.");
  });
});
