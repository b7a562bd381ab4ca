import { describe, expect, it } from 'vitest';
import type { ConsentLinkView } from './links';
import { linkRequestFrom } from './reconnect';

const base: ConsentLinkView = {
  id: 'l1',
  url: 'https://consent.example/l1',
  mode: 'account',
  scopes: ['vehicle:telemetry', 'vehicle:commands'],
  makes: ['VOLKSWAGEN', 'MERCEDES BENZ'],
  region: 'NORTH_AMERICA',
  locale: 'nl-NL',
  countryCode: null,
  vin: null,
  model: null,
  modelYear: null,
  status: 'FAILED',
  accountId: null,
  errorCode: 'ACCESS_DENIED',
  createdAt: '2026-01-01T00:00:00.000Z',
  expiresAt: '2026-01-01T01:00:00.000Z',
  completedAt: null,
  createdBy: null,
  mailedTo: null,
  mailedAt: null,
  firstOpenedAt: null,
  reconnectsAccountId: null,
};

describe('a new link like an earlier one', () => {
  it('keeps brands, region, scopes and language of an account link', () => {
    expect(linkRequestFrom(base)).toEqual({
      mode: 'account',
      makes: ['Volkswagen', 'Mercedes-Benz'],
      scopes: ['vehicle:telemetry', 'vehicle:commands'],
      region: 'NORTH_AMERICA',
      locale: 'nl-NL',
    });
  });

  it('keeps the vehicle of a VIN link and the country', () => {
    expect(
      linkRequestFrom({ ...base, mode: 'vehicle', vin: '5YJ3E1EA7KF317000', model: 'Model 3', modelYear: 2019, countryCode: 'NL' }),
    ).toMatchObject({ mode: 'vehicle', vin: '5YJ3E1EA7KF317000', model: 'Model 3', modelYear: 2019, countryCode: 'NL' });
  });

  it('falls back to the form defaults for values it no longer knows', () => {
    expect(linkRequestFrom({ ...base, scopes: ['retired:scope'], region: null, locale: 'es-ES' })).toMatchObject({
      scopes: ['vehicle:all'],
      region: 'EUROPE',
      locale: 'en-GB',
    });
  });
});
