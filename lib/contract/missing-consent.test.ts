import { describe, expect, it } from 'vitest';
import { missingConsentOf } from './missing-consent';

describe('missingConsentOf', () => {
  it('recognises the missing-consent error a section receives, with its scope in words', () => {
    const error = {
      code: 'CONSENT_MISSING',
      message: "This vehicle's owner did not grant telemetry.",
      details: { scope: 'vehicle:telemetry' },
    };
    expect(missingConsentOf(error)).toEqual({ scope: 'vehicle:telemetry', words: 'telemetry', message: error.message });
  });

  it('copes with an unknown or absent scope', () => {
    expect(missingConsentOf({ code: 'CONSENT_MISSING', details: { scope: 'battery:all' } })).toMatchObject({
      scope: null,
      words: 'this data',
    });
  });

  it('leaves every other error to the error state', () => {
    expect(missingConsentOf({ code: 'UPSTREAM_AUTHENTICATION_ERROR', message: 'refused' })).toBeNull();
    expect(missingConsentOf(new Error('x'))).toBeNull();
    expect(missingConsentOf(null)).toBeNull();
  });
});
